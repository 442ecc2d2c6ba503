import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  /** Shown under the title; read with it. */
  description?: React.ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), textarea, input, select, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: focus moves in and is kept in, Escape closes, and focus returns to what
 * opened it. (jsdom has no <dialog>.showModal(), so this is a plain role="dialog" in a portal, with #root made inert.)
 */
export function Modal({ title, onClose, children, description }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // Before the dialog is painted: a key pressed as it appears goes to the dialog, never to the page
  // under it (with useEffect, focus moved a frame later).
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const node = ref.current;
    // Everything but the dialog is inert while it is open: not focusable, not read, not clickable.
    const appRoot = document.getElementById('root');
    const wasInert = appRoot?.inert ?? false;
    if (appRoot) appRoot.inert = true;
    const first = node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      if (appRoot) appRoot.inert = wasInert;
      opener?.focus?.();
    };
  }, []);

  // Rendered beside the app (not inside it), so the app's root can be made inert.
  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={ref}
        className="modal card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {description && <div id={descriptionId}>{description}</div>}
        {children}
      </div>
    </div>,
    document.body,
  );
}
