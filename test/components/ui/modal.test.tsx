import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '../../../src/components/ui/modal';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal title="Sure?" onClose={() => setOpen(false)}>
          <button type="button">Yes</button>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('makes the app inert while open, takes focus, and gives both back on Escape', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    const user = userEvent.setup();
    render(<Page />, { container: root });

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Sure?' });
    expect(root.contains(dialog)).toBe(false);
    expect(root.inert).toBe(true);
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(root.inert).toBe(false);
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    root.remove();
  });
});
