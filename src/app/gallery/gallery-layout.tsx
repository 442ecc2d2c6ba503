import { useId, useLayoutEffect, useRef } from 'react';

/**
 * The gallery's own words (titles, state names) are English whatever the app's language: marked so,
 * and isolated left to right inside blocks that keep the page's direction (on an Arabic page a full
 * stop stood at the start of a sentence, and the words of a label ran right to left).
 */
export function English({ children }: { children: React.ReactNode }) {
  return (
    <span lang="en" dir="ltr">
      {children}
    </span>
  );
}

/** One component's states, side by side under an h2. */
export function GallerySection({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section className="gallery-section" aria-labelledby={id}>
      <h2 id={id} className="gallery-section-title">
        <English>{title}</English>
      </h2>
      <div className="gallery-grid">{children}</div>
    </section>
  );
}

/** One state, named. */
export function Specimen({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <figure className="gallery-specimen">
      <figcaption>
        <English>{label}</English>
      </figcaption>
      <div className="gallery-specimen-body">{children}</div>
    </figure>
  );
}

/**
 * A sensitive item as a reader sees it after pressing its reveal button: the real button is
 * pressed once on mount, so the specimen shows exactly that state and no extra prop is needed.
 * A layout effect, so the press lands in the same task as the mount: nothing (a reader, a test)
 * ever sees the hidden state in between.
 */
export function Revealed({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('.sensitive-gate button')?.click();
  }, []);
  return <div ref={ref}>{children}</div>;
}
