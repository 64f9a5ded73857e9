/** @jest-environment jsdom */
import './spec-dom.ts';
import assert from 'node:assert/strict';
import { afterEach, describe, it } from '@jest/globals';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog, Modal } from './modal.tsx';

/** A page with a button that opens a form dialog; `closes` counts the dialog's onClose calls. */
function Page({ dismissible = true, closes }: { dismissible?: boolean; closes?: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit profile
      </button>
      <Modal
        open={open}
        title="Profile"
        dismissible={dismissible}
        onClose={() => {
          closes?.push('close');
          setOpen(false);
        }}
        footer={<button type="button">Save</button>}
      >
        <label>
          Name <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal (WAI-ARIA dialog on Radix UI: focus trap, Escape, focus back to the opener)', () => {
  afterEach(cleanup);

  it('opens as a modal dialog named by its title, with focus on the first field', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });
    assert.ok(document.activeElement === screen.getByRole('textbox', { name: 'Name' }));
    assert.ok(dialog.contains(document.activeElement));
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });
    const seen: string[] = [];
    // In DOM order Close, Name, Save; from Name: Save, Close (wrapped), Name, Save — never the page's own button.
    for (let i = 0; i < 4; i++) {
      await user.tab();
      assert.ok(dialog.contains(document.activeElement), `Tab ${i + 1} left the dialog for ${document.activeElement?.outerHTML}`);
      seen.push(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
    }
    assert.deepEqual(seen, ['Save', 'Close', '', 'Save']);
    // On Save now; back: Name, Close (the first), then around to Save (the last).
    await user.tab({ shift: true });
    assert.ok(document.activeElement === screen.getByRole('textbox', { name: 'Name' }));
    await user.tab({ shift: true });
    assert.ok(document.activeElement === screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    assert.ok(document.activeElement === screen.getByRole('button', { name: 'Save' }), 'Shift+Tab on the first wraps to the last');
  });

  it('Escape closes it and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    const closes: string[] = [];
    render(<Page closes={closes} />);
    const opener = screen.getByRole('button', { name: 'Edit profile' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Profile' });
    await user.keyboard('{Escape}');
    await waitFor(() => assert.ok(screen.queryByRole('dialog') === null));
    assert.deepEqual(closes, ['close']);
    // Radix gives focus back a tick after the dialog unmounts.
    await waitFor(() => assert.ok(document.activeElement === opener, `focus on ${document.activeElement?.tagName}`));
  });

  it('the × button is named "Close" and closes it', async () => {
    const user = userEvent.setup();
    const closes: string[] = [];
    render(<Page closes={closes} />);
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    await screen.findByRole('dialog', { name: 'Profile' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => assert.ok(screen.queryByRole('dialog') === null));
    assert.deepEqual(closes, ['close']);
  });

  it('not dismissible (saving): Escape leaves it open and the × button is disabled', async () => {
    const user = userEvent.setup();
    const closes: string[] = [];
    render(<Page dismissible={false} closes={closes} />);
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });
    await user.keyboard('{Escape}');
    // The keydown has been handled (user-event dispatches it synchronously): the dialog stays.
    assert.ok(dialog.isConnected);
    assert.deepEqual(closes, []);
    assert.equal(screen.getByRole('button', { name: 'Close' }).hasAttribute('disabled'), true);
  });
});

describe('ConfirmDialog', () => {
  afterEach(cleanup);

  it('focuses the confirm button; Enter confirms, and the dialog is not dismissible while the promise runs', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const calls: string[] = [];
    render(
      <ConfirmDialog
        open
        message="Delete the post?"
        onConfirm={() => {
          calls.push('confirm');
          return new Promise<void>((r) => (finish = r));
        }}
        onCancel={() => calls.push('cancel')}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    const ok = screen.getByTestId('confirm-ok');
    assert.ok(document.activeElement === ok);
    await user.keyboard('{Enter}');
    assert.deepEqual(calls, ['confirm']);
    await waitFor(() => assert.equal(screen.getByRole('button', { name: 'Close' }).hasAttribute('disabled'), true));
    await user.keyboard('{Escape}');
    assert.ok(dialog.isConnected);
    assert.deepEqual(calls, ['confirm'], 'Escape does not cancel while confirming');
    finish();
    await waitFor(() => assert.equal(screen.getByRole('button', { name: 'Close' }).hasAttribute('disabled'), false));
    await user.keyboard('{Escape}');
    assert.deepEqual(calls, ['confirm', 'cancel']);
  });
});
