import { AI_DATA_FIELDS, type AiDataField } from '@intranet/kb-contract';

/** A knowledge base article as the prompt quotes it. */
export interface PromptArticle {
  id: string;
  title: string;
  text: string;
}

/** Characters of one article's text that go into the prompt (the model's context is finite). */
export const ARTICLE_CHARS = 6000;

const LANGUAGES: Record<string, string> = { en: 'English', ru: 'Russian', uk: 'Ukrainian' };

const LABELS: Record<AiDataField, string> = {
  generalPrompt: 'General instructions',
  industry: 'Industry',
  mission: 'Mission',
  structure: 'Structure',
  values: 'Values',
  terminology: 'Terminology',
  tone: 'Tone of voice',
};

/**
 * The chat messages of one question (pure): a system message with the company's AI data, the rules (answer only
 * from the numbered articles, cite them as [n], in the asker's language `lang`) and the articles; then the question.
 * Only `articles` (already filtered by the asker's grants) reach the model.
 */
export function buildMessages(
  data: Record<AiDataField, string>,
  articles: PromptArticle[],
  question: string,
  lang: string,
): { role: 'system' | 'user'; content: string }[] {
  const language = LANGUAGES[lang] ?? LANGUAGES.en;
  const company = AI_DATA_FIELDS.filter((f) => data[f].trim()).map((f) => `${LABELS[f]}: ${data[f].trim()}`);
  const sources = articles.length
    ? articles.map((a, i) => `[${i + 1}] ${a.title}\n${a.text.slice(0, ARTICLE_CHARS)}`).join('\n\n')
    : '(no article matches the question)';
  const system = [
    "You are the company's intranet assistant. Answer the employee's question using only the knowledge base articles below.",
    'If they do not contain the answer, say so briefly and suggest whom to ask. Cite the articles you use as [1], [2].',
    `Always answer in ${language}.`,
    ...(company.length ? ['', 'About the company:', ...company] : []),
    '',
    'Knowledge base articles:',
    sources,
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: question },
  ];
}
