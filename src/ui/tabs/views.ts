// The window's views: the four tabs, and settings over them.

export type View = "search" | "similar" | "convert" | "ai" | "settings";
