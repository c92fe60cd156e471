// The sandbox entry: shows the ui. The message handlers arrive with the search-and-place work.
figma.showUI(__html__, { width: 360, height: 560, themeColors: true, title: "Assetport" });
