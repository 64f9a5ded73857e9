import { useState } from 'react';
import { SHOP_CODES, SHOP_PIC } from '@intranet/shop-contract';
import { errorText } from '@intranet/web-i18n';
import { shopCodes, shopText } from './locales.ts';
import { uploadPicture } from './api/file-upload.ts';

/**
 * An item's picture (§9 shop picture 200x360): uploads the chosen file and hands its key to `onChange`; a picture
 * of another size is refused here with the §9 text (the server refuses it too). Test ids: `${testId}` (the file
 * input), `${testId}-error`, `${testId}-preview`.
 */
export function PictureInput({ onChange, testId }: { onChange: (key: string | null) => void; testId: string }) {
  const { t } = shopText.useT();
  const codes = shopCodes.useT();
  const [error, setError] = useState<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    setError(null);
    setUrl(null);
    onChange(null);
    if (!file) return;
    try {
      const f = await uploadPicture(file);
      if (!f) return;
      if (f.width !== SHOP_PIC.width || f.height !== SHOP_PIC.height) {
        setError(codes.t(SHOP_CODES.shopPictureSize));
        return;
      }
      setUrl(f.url);
      onChange(f.key);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <div className="shop-picture">
      <label>
        {t('item.picture')} <input type="file" accept="image/png,image/jpeg,image/webp" onChange={(e) => void pick(e.target.files?.[0])} data-testid={testId} />
      </label>
      {url ? <img src={url} alt="" width={SHOP_PIC.width / 2} height={SHOP_PIC.height / 2} data-testid={`${testId}-preview`} /> : null}
      {error ? (
        <p role="alert" className="form-error" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
