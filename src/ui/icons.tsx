// The few control icons, drawn by hand at 16 px on a 16 grid (no icon font, no kit).
// They inherit the text colour, so both themes come for free; the buttons around them carry the labels.

function Icon({ d }: { d: string }) {
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
export const SettingsIcon = () => (
  <Icon d="M8 10.2a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4ZM8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4" />
);
export const CloseIcon = () => <Icon d="M4 4l8 8M12 4l-8 8" />;
export const BackIcon = () => <Icon d="M10 3L5 8l5 5" />;
export const InfoIcon = () => <Icon d="M8 14.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM8 7.5V11M8 5h.01" />;
export const ResizeIcon = () => <Icon d="M14 8l-6 6M14 12l-2 2" />;
export const PlaceholderIcon = () => <Icon d="M2.5 3.5h11v9h-11zM2.5 10.5l3-3 3 3 2-2 3 3M10.5 6.5h.01" />;
