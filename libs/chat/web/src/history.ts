import type { ChatMessage } from '@intranet/chat-contract';

/** A row of the virtualised history: a day separator or a message (`first`: the first of its sender in a run). */
export type Row = { kind: 'day'; key: string; label: string } | { kind: 'msg'; key: string; m: ChatMessage; first: boolean };

/**
 * Messages by id, oldest first: the one place both the HTTP replies and the socket events go (never a duplicate;
 * a message once seen stays seen). Returns `cur` itself when there is nothing to add.
 */
export function mergeById(cur: ChatMessage[], add: ChatMessage[]): ChatMessage[] {
  if (!add.length) return cur;
  const by = new Map(cur.map((m) => [m._id, m]));
  for (const m of add) {
    const old = by.get(m._id);
    by.set(m._id, old ? { ...m, seen: m.seen || old.seen } : m);
  }
  return [...by.values()].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

/**
 * The rows of a history: a separator before each new local day, labelled by `dayLabel(date)`, and each message
 * marked `first` when its sender differs from the previous message's of the same day.
 */
export function historyRows(msgs: ChatMessage[], dayLabel: (d: Date) => string): Row[] {
  const out: Row[] = [];
  let day = '';
  let prevSender = '';
  for (const m of msgs) {
    const d = new Date(m.date);
    const dk = d.toDateString();
    if (dk !== day) {
      day = dk;
      prevSender = '';
      out.push({ kind: 'day', key: `day-${dk}`, label: dayLabel(d) });
    }
    out.push({ kind: 'msg', key: m._id, m, first: m.senderId !== prevSender });
    prevSender = m.senderId;
  }
  return out;
}
