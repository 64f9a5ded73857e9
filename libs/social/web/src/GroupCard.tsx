import { Link } from 'react-router';
import { wallText } from './locales.ts';
import type { Group } from '@intranet/social-contract';
import { Badge } from '@intranet/web-ui';
import { GroupActions } from './GroupActions.tsx';
import { typeTone } from './group-tone.ts';

/** A group in the catalogue: name (a link to it), type, description, member count and the caller's actions. */
export function GroupCard({ g }: { g: Group }) {
  const { t } = wallText.useT();
  return (
    <li className="wall-card group-card" data-testid={`group-card-${g._id}`}>
      <div className="wall-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Link to={`/group/${g._id}`} className="group-card__name">
          {g.name}
        </Link>
        <Badge tone={typeTone(g.type)}>{t(`groups.type.${g.type}`)}</Badge>
      </div>
      <p className="wall-muted">{g.description}</p>
      <div className="wall-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <span className="wall-muted">{t('groups.members', { count: g.members_count })}</span>
        <GroupActions g={g} compact />
      </div>
    </li>
  );
}
