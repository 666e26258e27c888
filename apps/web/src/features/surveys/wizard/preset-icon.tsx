import {
  type Icon,
  IconBabyCarriage,
  IconBrain,
  IconClipboardCheck,
  IconClipboardList,
  IconGenderFemale,
  IconHeart,
  IconHeartbeat,
  IconHeartHandshake,
  IconMedal,
  IconMoodSmile,
  IconPencil,
  IconPlant,
  IconRainbow,
  IconRoute,
  IconSchool,
  IconShoppingBagHeart,
  IconStairsUp,
  IconUserCheck,
  IconUsersGroup,
  IconUserStar,
} from "@tabler/icons-react";

/** Presets name their icon as a @tabler/icons-react component; unknown names fall back to a clipboard. */
const ICONS: Record<string, Icon> = {
  IconBabyCarriage,
  IconBrain,
  IconClipboardCheck,
  IconGenderFemale,
  IconHeart,
  IconHeartbeat,
  IconHeartHandshake,
  IconMedal,
  IconMoodSmile,
  IconPencil,
  IconPlant,
  IconRainbow,
  IconRoute,
  IconSchool,
  IconShoppingBagHeart,
  IconStairsUp,
  IconUserCheck,
  IconUsersGroup,
  IconUserStar,
};

export function PresetIcon({ name, size = 24 }: { name: string; size?: number }) {
  const Component = ICONS[name] ?? IconClipboardList;
  return <Component size={size} stroke={1.6} aria-hidden />;
}
