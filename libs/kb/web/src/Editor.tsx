import { useRef, useState, type ReactNode } from 'react';
import { kbText } from './locales.ts';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import type { UploadedFile } from '@intranet/files-contract';
import { ProgressBar, useNotifier } from '@intranet/web-ui';
import { errorText, uploadFiles } from './common.tsx';
import { Icon } from './icons.tsx';

/** Image with its storage key (`data-key`): the server stores the key and signs a fresh `src` on every read. */
const KeyedImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      dataKey: {
        default: null,
        parseHTML: (el: HTMLElement) => el.getAttribute('data-key'),
        renderHTML: (attrs: Record<string, unknown>) => (attrs.dataKey ? { 'data-key': attrs.dataKey } : {}),
      },
    };
  },
});

const ICONS: Record<string, ReactNode> = {
  bold: 'B',
  italic: 'I',
  h2: 'H',
  ul: '•',
  ol: '1.',
  undo: '↶',
  redo: '↷',
  link: <Icon name="link" />,
  image: <Icon name="image" />,
};

/** Storage keys of the inline media of an HTML fragment. */
export const mediaKeys = (html: string): string[] => [...html.matchAll(/\sdata-key="([^"]+)"/g)].map((m) => m[1]!);

export interface EditorProps {
  value: string;
  onChange: (html: string) => void;
  /** Called for every image uploaded into the text (so the caller can send it as an attachment). */
  onUploaded?: (f: UploadedFile) => void;
  testId?: string;
}

/**
 * Rich-text editor (TipTap): bold, italic, heading, lists, link, image upload (kind kb, with progress), undo/redo.
 * Test ids: <testId> (the editable area is inside), <testId>-image-input.
 */
export function RichEditor({ value, onChange, onUploaded, testId = 'kb-editor' }: EditorProps) {
  const { t } = kbText.useT();
  const notifier = useNotifier();
  const fileRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } }), KeyedImage],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    immediatelyRender: true,
  });

  const addImage = async (file: File) => {
    setProgress(0);
    try {
      const [f] = await uploadFiles([file], 'kb', (p) => setProgress(p.percent));
      if (f) {
        onUploaded?.(f);
        editor
          ?.chain()
          .focus()
          .setImage({ src: f.url, alt: f.fileName, dataKey: f.key } as never)
          .run();
      }
    } catch (e) {
      notifier.error(errorText(e));
    } finally {
      setProgress(null);
    }
  };

  const btn = (label: string, active: boolean, run: () => void, id: string) => (
    <button
      type="button"
      className={`kb-editor__btn${active ? ' kb-editor__btn--on' : ''}`}
      title={label}
      aria-label={label}
      aria-pressed={active}
      onClick={run}
      data-testid={`${testId}-${id}`}
    >
      {ICONS[id] ?? label}
    </button>
  );

  return (
    <div className="kb-editor" data-testid={testId}>
      {editor ? (
        <div className="kb-editor__bar" role="toolbar">
          {btn(t('editor.bold'), editor.isActive('bold'), () => editor.chain().focus().toggleBold().run(), 'bold')}
          {btn(t('editor.italic'), editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run(), 'italic')}
          {btn(t('editor.heading'), editor.isActive('heading', { level: 2 }), () => editor.chain().focus().toggleHeading({ level: 2 }).run(), 'h2')}
          {btn(t('editor.bullets'), editor.isActive('bulletList'), () => editor.chain().focus().toggleBulletList().run(), 'ul')}
          {btn(t('editor.numbers'), editor.isActive('orderedList'), () => editor.chain().focus().toggleOrderedList().run(), 'ol')}
          {btn(
            t('editor.link'),
            editor.isActive('link'),
            () => {
              const url = window.prompt(t('editor.linkPrompt'), (editor.getAttributes('link').href as string | undefined) ?? 'https://');
              if (url === null) return;
              if (!url) editor.chain().focus().unsetLink().run();
              else editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
            },
            'link',
          )}
          {btn(t('editor.image'), false, () => fileRef.current?.click(), 'image')}
          {btn(t('editor.undo'), false, () => editor.chain().focus().undo().run(), 'undo')}
          {btn(t('editor.redo'), false, () => editor.chain().focus().redo().run(), 'redo')}
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            hidden
            data-testid={`${testId}-image-input`}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void addImage(f);
            }}
          />
        </div>
      ) : null}
      {progress !== null ? <ProgressBar value={progress} testId={`${testId}-progress`} /> : null}
      <EditorContent editor={editor} className="kb-editor__area kb-content" />
    </div>
  );
}
