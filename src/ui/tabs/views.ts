// The window's views: the four tabs, and settings and the icon set swap over them.

export type View = "search" | "similar" | "convert" | "ai" | "settings" | "swap";
