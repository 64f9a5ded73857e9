import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { kbText } from './locales.ts';
import { fileRoutes, type UploadedFile } from '@intranet/files-contract';
import type { FileRef } from '@intranet/kb-contract';
import { isApiError, upload, type UploadProgress } from '@intranet/web-api';
import { errorText as wordError } from '@intranet/web-i18n';
import { LoadError as SharedLoadError, NeedSession, useSession } from '@intranet/web-session';
import { peopleSearch } from '@intranet/web-session/people';
import { UserPicker as SharedUserPicker, type PickedUser } from '@intranet/web-ui/widgets';

/** Ids the kb calls need: the current client and user. */
export function useKb() {
  const s = useSession();
  return { clientId: s.client?._id ?? s.user?.client_id ?? null, uid: s.uid, workspace: s.workspace, isAdmin: s.isAdmin, status: s.status };
}

/** Uploads files (kind kb or cv) with progress; returns what the storage answered. */
export async function uploadFiles(files: File[], kind: 'kb' | 'cv', onProgress: (p: UploadProgress) => void): Promise<UploadedFile[]> {
  const fd = new FormData();
  for (const f of files) fd.append('file', f, f.name);
  const r = await upload(fileRoutes.fileUpload, fd, onProgress, { query: { kind }, silent: true });
  return r.results;
}

/** An uploaded file as the kb calls take it. */
export const toRef = (f: { key: string; fileName: string; mimetype: string; size?: number }): FileRef => ({
  key: f.key,
  fileName: f.fileName,
  mimetype: f.mimetype,
});

/** Text of an error for inline display, worded by its code in the user's language. */
export function errorText(e: unknown): string {
  return isApiError(e) || e instanceof Error ? wordError(e) : String(e);
}

/**
 * 'No access' (403), not found (404) or a generic failure with Retry. `section` picks the way back: the knowledge
 * base root, or the vacancy list for the vacancy pages.
 */
export function LoadError({ error, onRetry, section = 'kb' }: { error: unknown; onRetry?: () => void; section?: 'kb' | 'vacancy' }) {
  const { t } = kbText.useT();
  const back = section === 'vacancy' ? <Link to="/vacancies/">{t('vacancies')}</Link> : <Link to="/articles/">{t('toRoot')}</Link>;
  return (
    <SharedLoadError
      error={error}
      onRetry={onRetry}
      testId="kb"
      back={back}
      noAccess={{ title: t('noAccess'), text: t('noAccessText') }}
      notFound={{ title: t('notFound'), text: t('notFoundText') }}
    />
  );
}

/** Shows children once the session has a client (the session also sets the download cookie); a loader before. */
export function NeedClient({ children }: { children: ReactNode }) {
  const { t } = kbText.useT();
  return <NeedSession noClient={{ title: t('noClient'), testId: 'kb-no-client' }}>{children}</NeedSession>;
}

export type { PickedUser };

/**
 * Picks employees by name (POST api/user/filter, from the first symbol) with the shared picker of
 * `@intranet/web-ui/widgets`; `single` keeps one. Test ids: <testId>-search, <testId>-option-<id>, <testId>-chip-<id>.
 */
export function UserPicker({
  value,
  onChange,
  single,
  testId,
  label,
  required,
  error,
}: {
  value: PickedUser[];
  onChange: (v: PickedUser[]) => void;
  single?: boolean;
  testId: string;
  label: string;
  required?: boolean;
  error?: string | null;
}) {
  const { t } = kbText.useT();
  const { workspace } = useKb();
  const search = peopleSearch({ workspace, detail: (u) => u.email, errorText });
  return (
    <SharedUserPicker
      label={label}
      required={required}
      error={error}
      value={value}
      onChange={onChange}
      single={single}
      minChars={1}
      placeholder={t('grants.findUser')}
      search={search}
      testId={testId}
      id={`${testId}-input`}
    />
  );
}
