import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button } from '@intranet/web-ui';
import { lmsText } from './locales.ts';

/**
 * The lesson text editor: TipTap with the knowledge base's StarterKit set (bold, italic, heading, lists, links); the
 * server sanitises the HTML with the platform's one policy before storing it. Test id: <testId> (the editable area is inside).
 */
export function RichText({ value, onChange, testId, label }: { value: string; onChange: (html: string) => void; testId: string; label: string }) {
  const { t } = lmsText.useT();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } })],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': label, class: 'ui-input lms-rich' } },
  });
  const tool = (name: string, text: string, run: () => void, active: boolean) => (
    <Button key={name} size="small" variant={active ? 'primary' : 'secondary'} aria-pressed={active} title={t(`rt_${name}` as 'rt_bold')} onClick={run}>
      {text}
    </Button>
  );
  return (
    <div className="lms-richtext" data-testid={testId}>
      {editor && (
        <div role="toolbar" aria-label={label} className="lms-richtext__tools">
          {tool('bold', 'B', () => editor.chain().focus().toggleBold().run(), editor.isActive('bold'))}
          {tool('italic', 'I', () => editor.chain().focus().toggleItalic().run(), editor.isActive('italic'))}
          {tool('h2', 'H', () => editor.chain().focus().toggleHeading({ level: 2 }).run(), editor.isActive('heading', { level: 2 }))}
          {tool('ul', '•', () => editor.chain().focus().toggleBulletList().run(), editor.isActive('bulletList'))}
          {tool('ol', '1.', () => editor.chain().focus().toggleOrderedList().run(), editor.isActive('orderedList'))}
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
