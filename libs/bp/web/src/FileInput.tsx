import { useState } from 'react';
import { fileNameOf, type Field, type FieldValue } from '@intranet/bp-contract';
import { useErrorText } from '@intranet/web-i18n';
import { Button, ProgressBar } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { uploadFile } from './api/file-upload.ts';

/**
 * A file field: uploads the chosen file (POST api/upload?kind=file, with progress hidden 1.5 s after it ends, §7
 * Upload) and keeps its storage key as the value; the server checks the key is the caller's own upload (§5).
 */
export function FileInput({
  field,
  id,
  value,
  error,
  onChange,
}: {
  field: Field;
  id: string;
  value: string;
  error?: string;
  onChange: (v: FieldValue) => void;
}) {
  const { t } = bpText.useT();
  const errorText = useErrorText();
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const pick = async (list: FileList | null) => {
    const f = list?.[0];
    if (!f) return;
    setFailed(null);
    setProgress(0);
    try {
      onChange(await uploadFile(f, setProgress));
    } catch (e) {
      setFailed(errorText(e));
    } finally {
      setTimeout(() => setProgress(null), 1500);
    }
  };
  const shown = error ?? failed;
  return (
    <div className="ui-field" data-testid={`${id}-file`}>
      <label htmlFor={id} className="ui-field__label">
        {field.name}
        {field.required ? ' *' : ''}
      </label>
      {value ? (
        <p className="bp-file">
          <span data-testid={`${id}-name`}>{fileNameOf(value)}</span>{' '}
          <Button variant="ghost" size="small" onClick={() => onChange(null)} aria-label={t('request.removeFile', { name: fileNameOf(value) })}>
            ×
          </Button>
        </p>
      ) : null}
      <input
        id={id}
        type="file"
        aria-describedby={shown ? `${id}-error` : undefined}
        aria-invalid={shown ? true : undefined}
        onChange={(e) => {
          void pick(e.target.files);
          e.target.value = '';
        }}
      />
      {progress !== null ? <ProgressBar value={progress} label={t('request.uploading')} /> : null}
      {shown ? (
        <div className="ui-field__error" role="alert" id={`${id}-error`} data-testid={`${id}-error`}>
          {shown}
        </div>
      ) : null}
    </div>
  );
}
