import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

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
  },
});

/** Error and secondary text darker than Mantine's defaults so both reach WCAG AA contrast on white and on ember.0. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-placeholder": "var(--mantine-color-gray-6)",
  },
  dark: {},
});
