/** @jest-environment jsdom */
import './spec-dom.ts';
import assert from 'node:assert/strict';
import { afterEach, describe, it } from '@jest/globals';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Menu } from './menu.tsx';

/** A post's action menu; `chosen` records the items selected. */
function PostMenu({ chosen }: { chosen: string[] }) {
  return (
    <Menu
      label="Post actions"
      trigger={<button type="button">Actions</button>}
      items={[
        { id: 'edit', label: 'Edit', onSelect: () => chosen.push('edit') },
        { id: 'pin', label: 'Pin', disabled: true, onSelect: () => chosen.push('pin') },
        { id: 'delete', label: 'Delete', danger: true, onSelect: () => chosen.push('delete') },
      ]}
    />
  );
}

describe('Menu (WAI-ARIA menu button on Radix UI)', () => {
  afterEach(cleanup);

  it('the trigger says it has a menu; Enter opens it with focus on the first item, ↓ skips the disabled one, Enter selects and closes', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    render(<PostMenu chosen={chosen} />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    assert.equal(trigger.getAttribute('aria-haspopup'), 'menu');
    assert.equal(trigger.getAttribute('aria-expanded'), 'false');
    await user.tab();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Post actions' });
    assert.equal(trigger.getAttribute('aria-expanded'), 'true');
    await waitFor(() => assert.ok(document.activeElement === screen.getByRole('menuitem', { name: 'Edit' })));
    assert.equal(screen.getByRole('menuitem', { name: 'Pin' }).getAttribute('aria-disabled'), 'true');
    await user.keyboard('{ArrowDown}');
    assert.ok(document.activeElement === screen.getByRole('menuitem', { name: 'Delete' }), 'the disabled "Pin" is skipped');
    await user.keyboard('{Enter}');
    assert.deepEqual(chosen, ['delete']);
    await waitFor(() => assert.ok(!menu.isConnected));
    assert.equal(trigger.getAttribute('aria-expanded'), 'false');
  });

  it('Escape closes it without selecting and gives focus back to the trigger', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    render(<PostMenu chosen={chosen} />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    await user.tab();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu', { name: 'Post actions' });
    await user.keyboard('{Escape}');
    await waitFor(() => assert.ok(!menu.isConnected));
    await waitFor(() => assert.ok(document.activeElement === trigger));
    assert.deepEqual(chosen, []);
  });
});
