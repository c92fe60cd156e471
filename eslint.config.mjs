// ESLint runs only Figma's own rules over the sandbox, because they know the Plugin API: they catch
// deprecated calls and the synchronous getters and setters that throw under documentAccess
// "dynamic-page". Biome formats and lints everything else, much faster.
import figmaPlugins from "@figma/eslint-plugin-figma-plugins";
import tseslint from "typescript-eslint";

export default [
  {
    files: ["src/plugin/**/*.ts"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: "./tsconfig.plugin.json", tsconfigRootDir: import.meta.dirname },
    },
    ...figmaPlugins.flatConfigs.recommended,
    // Advice rules become errors: a warning nobody reads would let a dynamic-page bug ship.
    rules: Object.fromEntries(
      Object.keys(figmaPlugins.flatConfigs.recommended.rules).map((rule) => [rule, "error"]),
    ),
  },
];
