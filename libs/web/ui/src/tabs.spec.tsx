/** @jest-environment jsdom */
import './spec-dom.ts';
import assert from 'node:assert/strict';
import { afterEach, describe, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs, type TabItem } from './tabs.tsx';

const TABS: TabItem[] = [
  { id: 'news', label: 'News' },
  { id: 'soon', label: 'Soon', disabled: true, title: 'Coming soon' },
  { id: 'people', label: 'People' },
  { id: 'files', label: 'Files' },
];

/** Tabs as a page uses them: the selected id in state, a panel per tab. */
function Page({ onChange }: { onChange?: (id: string) => void }) {
  const [active, setActive] = useState('news');
  return (
    <Tabs
      tabs={TABS}
      active={active}
      label="Sections"
      onChange={(id) => {
        onChange?.(id);
        setActive(id);
      }}
    >
      <p>Panel of {active}</p>
    </Tabs>
  );
}

describe('Tabs (WAI-ARIA tabs: roving focus, activation follows focus)', () => {
  afterEach(cleanup);

  it('is a named tablist whose selected tab controls the panel that is labelled by it', () => {
    render(<Page />);
    assert.equal(screen.getByRole('tablist', { name: 'Sections' }).getAttribute('aria-label'), 'Sections');
    const news = screen.getByRole('tab', { name: 'News' });
    assert.equal(news.getAttribute('aria-selected'), 'true');
    assert.equal(screen.getByRole('tab', { name: 'People' }).getAttribute('aria-selected'), 'false');
    const panel = screen.getByRole('tabpanel');
    assert.equal(panel.getAttribute('aria-labelledby'), news.id);
    assert.equal(news.getAttribute('aria-controls'), panel.id);
    assert.equal(panel.textContent, 'Panel of news');
  });

  it('→ and ← move focus to the next and previous enabled tab and select it; the disabled one is skipped', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    render(<Page onChange={(id) => changes.push(id)} />);
    await user.tab();
    assert.ok(document.activeElement === screen.getByRole('tab', { name: 'News' }));
    await user.keyboard('{ArrowRight}');
    const people = screen.getByRole('tab', { name: 'People' });
    assert.ok(document.activeElement === people, 'the disabled "Soon" is skipped');
    assert.equal(people.getAttribute('aria-selected'), 'true');
    assert.equal(screen.getByRole('tabpanel').textContent, 'Panel of people');
    await user.keyboard('{ArrowLeft}');
    assert.ok(document.activeElement === screen.getByRole('tab', { name: 'News' }));
    assert.deepEqual(changes, ['people', 'news']);
  });

  it('End and Home go to the last and the first tab; → on the last wraps to the first', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.tab();
    await user.keyboard('{End}');
    assert.ok(document.activeElement === screen.getByRole('tab', { name: 'Files' }));
    await user.keyboard('{ArrowRight}');
    assert.ok(document.activeElement === screen.getByRole('tab', { name: 'News' }));
    await user.keyboard('{End}{Home}');
    assert.ok(document.activeElement === screen.getByRole('tab', { name: 'News' }));
  });

  it('Tab from the selected tab goes to the panel (one tab stop for the list), and the disabled tab says why', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.tab();
    await user.tab();
    assert.ok(document.activeElement === screen.getByRole('tabpanel'));
    const soon = screen.getByRole('tab', { name: 'Soon' });
    assert.equal(soon.hasAttribute('disabled'), true);
    assert.equal(soon.getAttribute('title'), 'Coming soon');
  });
});
