import { bpRoutes, type BpRequest } from '@intranet/bp-contract';
import { useFormatDate } from '@intranet/web-i18n';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Button, TextArea } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { useCommentRequest } from './api/request-comment.ts';
import { MOMENT } from './common.tsx';

/** The comment form's value: the contract's text of POST api/bp/request/{id}/comment (required, at most 2000 symbols). */
const commentForm = bpRoutes.requestComment.body;

/** Comments of the request and a box to add one (POST api/bp/request/{id}/comment). Test ids: bp-comments, bp-comment-send. */
export function Comments({ r }: { r: BpRequest }) {
  const { t } = bpText.useT();
  const fmt = useFormatDate();
  const add = useCommentRequest(r._id);
  const form = useApiForm({
    schema: commentForm,
    defaultValues: { text: '' },
    onSubmit: async (v) => {
      await add.mutateAsync(v.text);
      form.reset({ text: '' });
    },
  });
  return (
    <section data-testid="bp-comments">
      <h2>{t('request.comments')}</h2>
      {r.comments.length ? (
        <ul className="bp-history">
          {r.comments.map((c) => (
            <li key={c._id}>
              <time>{fmt(c.at, MOMENT)}</time> {r.names[c.user] ?? '…'}: {c.text}
            </li>
          ))}
        </ul>
      ) : (
        <p className="bp-muted">{t('request.noComments')}</p>
      )}
      <ApiFormView form={form} className="bp-form">
        <TextArea id="bp-comment" label={t('request.comment')} {...form.field('text')} rows={2} wide />
        <Button type="submit" size="small" loading={form.busy} data-testid="bp-comment-send">
          {t('request.send')}
        </Button>
      </ApiFormView>
    </section>
  );
}
