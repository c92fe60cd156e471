// The window's views: the four tabs, and settings and the file's assets over them.

export type View = "search" | "similar" | "convert" | "ai" | "settings" | "assets";
