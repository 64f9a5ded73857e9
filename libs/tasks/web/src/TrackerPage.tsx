import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NeedSession, useRealtimeEvent, useSession } from '@intranet/web-session';
import { Button } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { taskKeys } from './api/keys.ts';
import { Boards } from './Boards.tsx';
import { tasksText } from './locales.ts';
import { MyTasks } from './MyTasks.tsx';
import { NewBoard } from './NewBoard.tsx';
import './tasks.css';

const TABS = ['mine', 'member', 'tasks', 'finished'] as const;
type Tab = (typeof TABS)[number];

/** §2 /task-tracker/: my boards, boards I am on, my tasks across boards, finished boards; a new board (desk_add). */
export default function TrackerPage() {
  return (
    <NeedSession>
      <Tracker />
    </NeedSession>
  );
}

/** The tabs of /task-tracker/ and the new-board button (right desk_add); board lists follow evt.tasks.desk.changed. */
function Tracker() {
  const { t } = tasksText.useT();
  const [tab, setTab] = useState<Tab>('mine');
  const [creating, setCreating] = useState(false);
  const session = useSession();
  const canAdd = session.hasRight('desk_add');
  const qc = useQueryClient();
  useRealtimeEvent('evt.tasks.desk.changed', () => void qc.invalidateQueries({ queryKey: taskKeys.desks() }));
  return (
    <section className="page tt-page" data-testid="tracker-page">
      <header className="tt-head">
        <h1>{t('title')}</h1>
        {canAdd ? (
          <Button onClick={() => setCreating(true)} data-testid="desk-new">
            {t('newBoard')}
          </Button>
        ) : null}
      </header>
      <Tabs tabs={TABS.map((id) => ({ id, label: t(`tab.${id}`) }))} active={tab} onChange={(id) => setTab(id as Tab)} label={t('title')}>
        {tab === 'tasks' ? <MyTasks /> : <Boards filter={tab} />}
      </Tabs>
      <NewBoard open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
