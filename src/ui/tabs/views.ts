// The window's views: the four tabs, and settings, the file's assets and the icon set swap over them.

export type View = "search" | "similar" | "convert" | "ai" | "settings" | "assets" | "swap";
