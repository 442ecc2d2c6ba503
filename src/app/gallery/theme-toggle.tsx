import { English } from './gallery-layout';

export type GalleryTheme = 'system' | 'light' | 'dark';

const OPTIONS: ReadonlyArray<[GalleryTheme, string]> = [
  ['system', 'System'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];

/** Sets the theme of the gallery's canvas (data-theme), whatever the system setting. */
export function ThemeToggle({ value, onChange }: { value: GalleryTheme; onChange: (theme: GalleryTheme) => void }) {
  return (
    <fieldset className="gallery-theme">
      <legend>
        <English>Theme</English>
      </legend>
      {OPTIONS.map(([theme, label]) => (
        <label key={theme} className="checkbox">
          <input type="radio" name="gallery-theme" value={theme} checked={value === theme} onChange={() => onChange(theme)} />{' '}
          <English>{label}</English>
        </label>
      ))}
    </fieldset>
  );
}
