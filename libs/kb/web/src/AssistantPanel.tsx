import { useState } from 'react';
import { Link } from 'react-router';
import { kbEvents, QUESTION_MAX, type kbRoutes } from '@intranet/kb-contract';
import type { EventPayload, RouteResult } from '@intranet/platform-contracts';
import { errorText } from '@intranet/web-i18n';
import { useRealtimeEvent } from '@intranet/web-session';
import { Alert, Button, TextArea } from '@intranet/web-ui';
import { askAssistant } from './api/assistant-ask.ts';
import { kbText } from './locales.ts';

type Chunk = EventPayload<typeof kbEvents.assistantChunk>;
type Done = EventPayload<typeof kbEvents.assistantDone>;
type Source = RouteResult<typeof kbRoutes.assistantAsk>['sources'][number];

interface Answer {
  askId: string;
  /** Streamed parts by sequence number (events may arrive before the route's answer). */
  parts: Map<number, string>;
  sources: Source[];
  state: 'asking' | 'streaming' | 'done' | 'notSetUp';
  error: string | null;
}

/**
 * The knowledge base assistant (issue 37): a question, the answer as it streams in (evt.kb.assistant.chunk on the
 * realtime socket) and its sources as links to the articles. Test ids: assistant, assistant-question,
 * assistant-ask, assistant-answer, assistant-source, assistant-not-set-up, assistant-error.
 */
export function AssistantPanel() {
  const { t } = kbText.useT();
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useRealtimeEvent<Chunk>(kbEvents.assistantChunk.subject, (e) =>
    setAnswer((a) => (a && a.askId === e.askId ? { ...a, parts: new Map(a.parts).set(e.seq, e.text), state: a.state === 'done' ? a.state : 'streaming' } : a)),
  );
  useRealtimeEvent<Done>(kbEvents.assistantDone.subject, (e) =>
    setAnswer((a) => (a && a.askId === e.askId ? { ...a, sources: e.sources, error: e.error, state: 'done' } : a)),
  );

  const ask = async () => {
    const q = question.trim();
    if (!q) return;
    const askId = crypto.randomUUID();
    setFailure(null);
    setAnswer({ askId, parts: new Map(), sources: [], state: 'asking', error: null });
    try {
      const r = await askAssistant(askId, q);
      setAnswer((a) =>
        a && a.askId === askId
          ? { ...a, sources: a.sources.length ? a.sources : r.sources, state: r.status === 'notSetUp' ? 'notSetUp' : a.state === 'done' ? 'done' : 'streaming' }
          : a,
      );
    } catch (e) {
      setAnswer(null);
      setFailure(errorText(e));
    }
  };

  const text = answer
    ? [...answer.parts.entries()]
        .sort((x, y) => x[0] - y[0])
        .map(([, s]) => s)
        .join('')
    : '';
  const busy = answer?.state === 'asking' || answer?.state === 'streaming';
  return (
    <section className="kb-assistant" data-testid="assistant" aria-labelledby="kb-assistant-title">
      <h2 id="kb-assistant-title">{t('assistant.title')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void ask();
        }}
      >
        <TextArea
          id="assistant-question"
          label={t('assistant.question')}
          placeholder={t('assistant.placeholder')}
          value={question}
          maxLength={QUESTION_MAX}
          rows={2}
          onChange={(e) => setQuestion(e.target.value)}
          data-testid="assistant-question"
        />
        <Button type="submit" disabled={busy || !question.trim()} data-testid="assistant-ask">
          {t('assistant.ask')}
        </Button>
      </form>
      {failure ? <Alert testId="assistant-error">{failure}</Alert> : null}
      {answer?.state === 'notSetUp' ? (
        <Alert kind="info" testId="assistant-not-set-up">
          {t('assistant.notSetUp')}
        </Alert>
      ) : answer ? (
        <div className="kb-assistant-answer">
          <p data-testid="assistant-answer" aria-live="polite" aria-busy={busy || undefined}>
            {text || (busy ? t('assistant.answering') : '')}
          </p>
          {answer.error ? <Alert testId="assistant-error">{errorText({ code: answer.error })}</Alert> : null}
          {answer.state === 'done' || answer.sources.length ? (
            <div className="kb-assistant-sources">
              <h3>{t('assistant.sources')}</h3>
              {answer.sources.length ? (
                <ol>
                  {answer.sources.map((s) => (
                    <li key={s._id}>
                      <Link to={`/article/${s._id}`} data-testid="assistant-source">
                        {s.title}
                      </Link>
                    </li>
                  ))}
                </ol>
              ) : (
                <p>{t('assistant.noSources')}</p>
              )}
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
