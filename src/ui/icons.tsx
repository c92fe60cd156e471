// The few control icons, drawn by hand at 16 px on a 16 grid (no icon font, no kit).
// They inherit the text colour, so both themes come for free; the buttons around them carry the labels.

/** A 16 px stroked glyph in the text colour, from one path (also the insert bar's glyphs). */
export function Icon({ d }: { d: string }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      stroke-width="1.25"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}

export const SearchIcon = () => <Icon d="M7 12.5A5.5 5.5 0 1 0 7 1.5a5.5 5.5 0 0 0 0 11ZM11 11l3.5 3.5" />;
export const FilterIcon = () => <Icon d="M2 4h12M4.5 8h7M7 12h2" />;
/** A gear: eight teeth around a hub (the window's settings). */
export const SettingsIcon = () => (
  <Icon d="M12.9 8.6L14.3 9.4L13.5 11.5L11.8 11.1L11.1 11.8L11.5 13.5L9.4 14.3L8.6 12.9L7.4 12.9L6.6 14.3L4.5 13.5L4.9 11.8L4.2 11.1L2.5 11.5L1.7 9.4L3.1 8.6L3.1 7.4L1.7 6.6L2.5 4.5L4.2 4.9L4.9 4.2L4.5 2.5L6.6 1.7L7.4 3.1L8.6 3.1L9.4 1.7L11.5 2.5L11.1 4.2L11.8 4.9L13.5 4.5L14.3 6.6L12.9 7.4ZM8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z" />
);
/**
 * A layer, as two stacked sheets: the rows that select it on the canvas. Not a plain square, which
 * read as an unticked checkbox before each name.
 */
export const LayerIcon = () => <Icon d="M8 2.5l5.5 3-5.5 3-5.5-3zM2.5 10l5.5 3 5.5-3" />;
/** A page with lines: the assets in this file and their licences. */
export const FileAssetsIcon = () => <Icon d="M4 1.5h5.5l3 3v10h-8.5zM9.5 1.5v3h3M6.5 8h4M6.5 10.5h4" />;
export const CloseIcon = () => <Icon d="M4 4l8 8M12 4l-8 8" />;
export const CheckIcon = () => <Icon d="M3.5 8.5 6.5 11.5 12.5 4.5" />;
export const ChevronDownIcon = () => <Icon d="M4.5 6.5 8 10l3.5-3.5" />;
export const BackIcon = () => <Icon d="M10 3L5 8l5 5" />;
export const InfoIcon = () => <Icon d="M8 14.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM8 7.5V11M8 5h.01" />;
export const ResizeIcon = () => <Icon d="M14 8l-6 6M14 12l-2 2" />;
export const PlaceholderIcon = () => <Icon d="M2.5 3.5h11v9h-11zM2.5 10.5l3-3 3 3 2-2 3 3M10.5 6.5h.01" />;
/** An arrow up out of a tray: a file taken in (the Convert tab's drop zone). */
export const UploadIcon = () => <Icon d="M8 10.5v-8M5 5.5l3-3 3 3M2.5 10v3.5h11V10" />;
/** A sheet with a folded corner: a chosen file. */
export const FileIcon = () => <Icon d="M4 1.5h5.5l3 3v10h-8.5zM9.5 1.5v3h3" />;
