/** @jest-environment jsdom */
import './spec-dom.ts';
import assert from 'node:assert/strict';
import { afterEach, describe, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { UserPicker, type PickedUser, type UserOption } from './user-picker.tsx';

const STAFF: UserOption[] = [
  { _id: 'u1', name: 'Ann Smith', detail: 'Sales' },
  { _id: 'u2', name: 'Andy Jones' },
];

/** A form field with the picker; `searches` records the texts searched. */
function Field({ searches, fail }: { searches: string[]; fail?: boolean }) {
  const [value, setValue] = useState<PickedUser[]>([]);
  return (
    <UserPicker
      label="Performers"
      value={value}
      onChange={setValue}
      testId="performers"
      search={async (text) => {
        searches.push(text);
        if (fail) throw new Error('Search is unavailable');
        return STAFF.filter((u) => u.name.toLowerCase().includes(text.toLowerCase()));
      }}
    />
  );
}

describe('UserPicker (labelled combobox with chips)', () => {
  afterEach(cleanup);

  it('searches from 2 symbols; ↓ and Enter pick a person as a chip with a named remove button; the chosen one is no longer offered', async () => {
    const user = userEvent.setup();
    const searches: string[] = [];
    render(<Field searches={searches} />);
    const input = screen.getByRole('combobox', { name: 'Performers' });
    await user.type(input, 'a');
    assert.equal(input.getAttribute('aria-expanded'), 'false', 'one symbol searches nothing');
    await user.type(input, 'n');
    await screen.findByRole('listbox', { name: 'People' });
    assert.deepEqual(searches, ['an'], 'the typing is debounced into one search');
    await user.keyboard('{ArrowDown}{Enter}');
    const remove = screen.getByRole('button', { name: 'Remove Andy Jones' });
    assert.equal(input.getAttribute('value'), '', 'the text is cleared after a pick');
    await user.type(input, 'an');
    await screen.findByRole('listbox', { name: 'People' });
    assert.deepEqual(
      screen.getAllByRole('option').map((o) => o.textContent),
      ['Ann Smith · Sales'],
    );
    await user.click(remove);
    assert.equal(screen.queryByRole('button', { name: 'Remove Andy Jones' }) === null, true);
  });

  it('a failed search is an alert under the field, tied to the input (aria-invalid, aria-describedby)', async () => {
    const user = userEvent.setup();
    render(<Field searches={[]} fail />);
    const input = screen.getByRole('combobox', { name: 'Performers' });
    await user.type(input, 'an');
    const alert = await screen.findByRole('alert');
    assert.equal(alert.textContent, 'Search is unavailable');
    assert.equal(input.getAttribute('aria-invalid'), 'true');
    assert.equal(input.getAttribute('aria-describedby'), alert.id);
  });
});
