import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineColorsTuple } from "@mantine/core";

/** A warm ember palette; shade 7 carries white text at a contrast ratio above 5:1 (WCAG AA). */
const ember: MantineColorsTuple = [
  "#fff3ec",
  "#ffe4d6",
  "#fcc6ac",
  "#f7a47d",
  "#f28754",
  "#ec733a",
  "#d9602a",
  "#b5471b",
  "#9c3d12",
  "#7f3110",
];

export const theme = createTheme({
  primaryColor: "ember",
  primaryShade: { light: 7, dark: 5 },
  colors: { ember },
  autoContrast: true,
  defaultRadius: "md",
  fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "650" },
  cursorType: "pointer",
  components: {
    Card: { defaultProps: { withBorder: true, padding: "lg", radius: "md" } },
    Paper: { defaultProps: { radius: "md" } },
    // A dialog's <header> would be a second banner landmark beside the app's header: it is only the dialog's title bar.
    // Its close button is named (Mantine draws an unnamed ✕).
    Modal: { defaultProps: { attributes: { header: { role: "none" } }, closeButtonProps: { "aria-label": "Close" } } },
    Drawer: { defaultProps: { attributes: { header: { role: "none" } }, closeButtonProps: { "aria-label": "Close" } } },
    Notification: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    // Focus goes to the first item when a menu opens; the focus placeholder would be a child a menu may not have.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A spinner is a status: the role lets it carry the aria-label that says what is loading (a bare span may not).
    Loader: { defaultProps: { role: "status" } },
  },
});

/** WCAG AA for normal-size text, with a little room for rounding. */
const AA_RATIO = 4.6;

function relativeLuminance(hex: string): number {
  const value = hex.replace("#", "");
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(value.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

function scaleHex(hex: string, factor: number): string {
  const value = hex.replace("#", "");
  const channels = [0, 2, 4].map((at) => Math.round(Number.parseInt(value.slice(at, at + 2), 16) * factor));
  return `#${channels.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

/** `color`, darkened step by step until text of one on the other reaches AA. */
export function darkEnough(color: string, against: string): string {
  let current = color;
  for (let step = 0; step < 40 && contrastRatio(current, against) < AA_RATIO; step++) current = scaleHex(current, 0.95);
  return current;
}

/**
 * Mantine's default palettes give white on `teal.7` 3.1:1, `teal.9` on `teal.1` 4.3:1 (the Active and comparison badges),
 * and the like for green, cyan, blue, orange and red. For every palette, the colours a variant puts text on or in are
 * darkened until they reach AA: the filled background under white text (palettes whose filled shade carries dark text
 * under autoContrast keep it), the light variant's text on its tinted background, and coloured text on white.
 */
function accessibleColorVariables(): Record<string, string> {
  const palettes: Record<string, readonly string[]> = { ...DEFAULT_THEME.colors, ember };
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(palettes)) {
    const filled = shades[7];
    const carriesWhite = relativeLuminance(filled) <= DEFAULT_THEME.luminanceThreshold;
    if (carriesWhite) {
      const background = darkEnough(filled, "#ffffff");
      variables[`--mantine-color-${name}-filled`] = background;
      variables[`--mantine-color-${name}-filled-hover`] = scaleHex(background, 0.88);
      variables[`--mantine-color-${name}-outline`] = background;
    }
    variables[`--mantine-color-${name}-text`] = darkEnough(filled, "#ffffff");
    variables[`--mantine-color-${name}-light-color`] = darkEnough(shades[9], shades[1]);
  }
  return variables;
}

/** Error and secondary text darker than Mantine's defaults so both reach WCAG AA contrast on white and on ember.0. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...accessibleColorVariables(),
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-placeholder": "var(--mantine-color-gray-6)",
  },
  dark: {},
});
