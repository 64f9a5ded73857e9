import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tasksRoutes, type Board } from '@intranet/tasks-contract';
import { call } from '@intranet/web-api';
import { Alert, Button, ConfirmDialog, Input, Modal, Select, TextArea } from '@intranet/web-ui';
import { errorText, tasksKeys, useMe, useUserNames, UserPicker, type PickedUser } from './common.tsx';

type LaneDraft = { _id?: string; name: string; tasks: number };

/**
 * Board settings (owner, admins): name, description, lanes (add, rename, reorder with buttons), admins and members
 * with view or comment rights; deleting a lane asks what happens to its tasks (move to another lane or delete) and
 * deleting the board (owner) asks for confirmation.
 */
export function BoardSettings({ board, onClose }: { board: Board; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const qc = useQueryClient();
  const nav = useNavigate();
  const { uid } = useMe();
  const names = useUserNames([...board.admins, ...board.members.map((m) => m.user)]);
  const pick = (ids: string[]): PickedUser[] => ids.map((id) => ({ _id: id, name: names.get(id) ?? id }));
  const [name, setName] = useState(board.name);
  const [description, setDescription] = useState(board.description);
  const [lanes, setLanes] = useState<LaneDraft[]>(board.lanes.map((l) => ({ _id: l._id, name: l.name, tasks: l.tasks_count })));
  const [admins, setAdmins] = useState<PickedUser[] | null>(null);
  const [commenters, setCommenters] = useState<PickedUser[] | null>(null);
  const [viewers, setViewers] = useState<PickedUser[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [dropLane, setDropLane] = useState<LaneDraft | null>(null);
  const [deleteBoard, setDeleteBoard] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: tasksKeys.all });

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await call(tasksRoutes.deskUpdate, {
        params: { id: board._id },
        body: {
          name,
          description,
          lanes: lanes.map((l) => (l._id ? { _id: l._id, name: l.name } : { name: l.name })),
          ...(admins ? { admins: admins.map((a) => a._id) } : {}),
          ...(commenters || viewers
            ? {
                members: [
                  ...(commenters ?? pick(board.members.filter((m) => m.right === 'comment').map((m) => m.user))).map((u) => ({
                    user: u._id,
                    right: 'comment' as const,
                  })),
                  ...(viewers ?? pick(board.members.filter((m) => m.right === 'view').map((m) => m.user))).map((u) => ({
                    user: u._id,
                    right: 'view' as const,
                  })),
                ],
              }
            : {}),
        },
        silent: true,
      });
      await refresh();
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const swap = (i: number, j: number) =>
    setLanes((ls) => {
      const out = [...ls];
      [out[i], out[j]] = [out[j]!, out[i]!];
      return out;
    });

  return (
    <Modal
      open
      onClose={onClose}
      title={t('settings')}
      width={720}
      testId="desk-settings-form"
      footer={
        <>
          {board.owner === uid ? (
            <Button variant="danger" onClick={() => setDeleteBoard(true)} data-testid="desk-delete">
              {t('deleteBoard')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={busy} data-testid="desk-settings-save">
            {t('save')}
          </Button>
        </>
      }
    >
      {error ? <Alert>{errorText(error)}</Alert> : null}
      <Input label={t('name')} value={name} onChange={(e) => setName(e.target.value)} wide />
      <TextArea label={t('description')} value={description} onChange={(e) => setDescription(e.target.value)} rows={2} wide />
      <fieldset className="tt-lanes-edit" data-testid="lanes-edit">
        <legend>{t('lanes')}</legend>
        {lanes.map((l, i) => (
          <div key={l._id ?? `new-${i}`} className="tt-row">
            <Input
              label={t('laneN', { n: i + 1 })}
              value={l.name}
              onChange={(e) => setLanes(lanes.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            />
            <Button size="tiny" variant="ghost" disabled={i === 0} onClick={() => swap(i, i - 1)} aria-label={t('moveUp', { name: l.name })}>
              ↑
            </Button>
            <Button size="tiny" variant="ghost" disabled={i === lanes.length - 1} onClick={() => swap(i, i + 1)} aria-label={t('moveDown', { name: l.name })}>
              ↓
            </Button>
            <Button
              size="tiny"
              variant="ghost"
              onClick={() => (l._id ? setDropLane(l) : setLanes(lanes.filter((_, j) => j !== i)))}
              aria-label={t('deleteLane', { name: l.name })}
              data-testid={`lane-delete-${i}`}
            >
              ×
            </Button>
          </div>
        ))}
        <Button size="small" variant="secondary" onClick={() => setLanes([...lanes, { name: t('newLane'), tasks: 0 }])} data-testid="lane-new">
          {t('addLane')}
        </Button>
      </fieldset>
      <UserPicker label={t('admins')} value={admins ?? pick(board.admins)} onChange={setAdmins} testId="settings-admins" />
      <UserPicker
        label={t('commenters')}
        value={commenters ?? pick(board.members.filter((m) => m.right === 'comment').map((m) => m.user))}
        onChange={setCommenters}
        testId="settings-commenters"
      />
      <UserPicker
        label={t('viewers')}
        value={viewers ?? pick(board.members.filter((m) => m.right === 'view').map((m) => m.user))}
        onChange={setViewers}
        testId="settings-viewers"
      />

      {dropLane ? (
        <DeleteLane
          board={board}
          lane={dropLane}
          onDone={async () => {
            setLanes(lanes.filter((x) => x._id !== dropLane._id));
            setDropLane(null);
            await refresh();
          }}
          onCancel={() => setDropLane(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleteBoard}
        message={t('deleteBoardConfirm', { name: board.name, count: board.tasks.length })}
        onConfirm={async () => {
          await call(tasksRoutes.deskDelete, { params: { id: board._id }, silent: true });
          await refresh();
          void nav('/task-tracker/');
        }}
        onCancel={() => setDeleteBoard(false)}
      />
    </Modal>
  );
}

/** §4 deleting a lane: an empty one after a confirmation; one with tasks asks to move them to another lane or delete them. */
function DeleteLane({ board, lane, onDone, onCancel }: { board: Board; lane: LaneDraft; onDone: () => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('tasks');
  const others = board.lanes.filter((l) => l._id !== lane._id);
  const [choice, setChoice] = useState<'move' | 'delete'>(others.length ? 'move' : 'delete');
  const [to, setTo] = useState(others[0]?._id ?? '');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      await call(tasksRoutes.laneDelete, {
        params: { desk_id: board._id, lane_id: lane._id! },
        query: lane.tasks ? (choice === 'move' ? { tasks: 'move', to } : { tasks: 'delete' }) : {},
        silent: true,
      });
      await onDone();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={onCancel}
      title={t('deleteLane', { name: lane.name })}
      testId="lane-delete-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button variant="danger" onClick={() => void go()} disabled={busy} data-testid="lane-delete-ok">
            {t('delete')}
          </Button>
        </>
      }
    >
      {error ? <Alert>{errorText(error)}</Alert> : null}
      {lane.tasks ? (
        <>
          <p>{t('laneHasTasks', { count: lane.tasks })}</p>
          <Select
            label={t('laneTasksChoice')}
            value={choice}
            onChange={(e) => setChoice(e.target.value as 'move' | 'delete')}
            options={[
              ...(others.length ? [{ value: 'move', label: t('moveTasks') }] : []),
              { value: 'delete', label: t('deleteTasks', { count: lane.tasks }) },
            ]}
            data-testid="lane-delete-choice"
          />
          {choice === 'move' ? (
            <Select
              label={t('moveTo')}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              options={others.map((l) => ({ value: l._id, label: l.name }))}
              data-testid="lane-delete-to"
            />
          ) : null}
        </>
      ) : (
        <p>{t('laneEmptyConfirm')}</p>
      )}
    </Modal>
  );
}
