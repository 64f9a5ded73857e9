/** @jest-environment jsdom */
import './spec-dom.ts';
import assert from 'node:assert/strict';
import { afterEach, describe, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { Combobox, type ComboboxOption } from './combobox.tsx';

const PEOPLE: ComboboxOption[] = [
  { value: 'ann', label: 'Ann' },
  { value: 'bob', label: 'Bob', detail: 'Sales' },
  { value: 'cid', label: 'Cid' },
];

/** A labelled combobox whose suggestions are the people whose name contains the text. */
function Search({ picked }: { picked: string[] }) {
  const [text, setText] = useState('');
  const options = text ? PEOPLE.filter((p) => String(p.label).toLowerCase().includes(text.toLowerCase()) || text === '*') : [];
  return (
    <>
      <label htmlFor="who">Who</label>
      <Combobox id="who" value={text} onChange={setText} options={options} onSelect={(o) => picked.push(o.value)} listLabel="People" listTestId="who" />
    </>
  );
}

describe('Combobox (WAI-ARIA combobox with a listbox popup)', () => {
  afterEach(cleanup);

  it('typing opens the named listbox, focus stays in the input, ↓/↑ move the active option (aria-activedescendant), Enter picks it', async () => {
    const user = userEvent.setup();
    const picked: string[] = [];
    render(<Search picked={picked} />);
    const input = screen.getByRole('combobox', { name: 'Who' });
    assert.equal(input.getAttribute('aria-expanded'), 'false');
    await user.type(input, '*');
    const list = await screen.findByRole('listbox', { name: 'People' });
    assert.equal(input.getAttribute('aria-expanded'), 'true');
    assert.equal(input.getAttribute('aria-controls'), list.id);
    assert.ok(document.activeElement === input, 'focus stays in the input');
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent;
    assert.equal(active(), 'Ann');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    assert.equal(active(), 'Cid', '↓ stops at the last option');
    await user.keyboard('{ArrowUp}');
    assert.equal(active(), 'Bob · Sales');
    assert.equal(screen.getByTestId('who-bob').getAttribute('aria-selected'), 'true');
    await user.keyboard('{Enter}');
    assert.deepEqual(picked, ['bob']);
  });

  it('Escape closes the list (aria-expanded false, no activedescendant) and typing opens it again', async () => {
    const user = userEvent.setup();
    render(<Search picked={[]} />);
    const input = screen.getByRole('combobox', { name: 'Who' });
    await user.type(input, 'a');
    await screen.findByRole('listbox', { name: 'People' });
    await user.keyboard('{Escape}');
    assert.equal(input.getAttribute('aria-expanded'), 'false');
    assert.equal(input.hasAttribute('aria-activedescendant'), false);
    assert.equal(screen.queryByRole('listbox') === null, true);
    await user.type(input, 'n');
    await screen.findByRole('listbox', { name: 'People' });
    assert.equal(input.getAttribute('aria-expanded'), 'true');
  });
});
