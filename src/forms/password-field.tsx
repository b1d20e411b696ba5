import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Icon } from '../components/icons';
import { TextField } from './text-field';
import type { TextFieldProps } from './text-field';

/** A password input with a show/hide toggle (typing a strong password on a phone is error-prone). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'end'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      end={
        <button
          type="button"
          className="field__end icon-btn"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('actions.hide') : t('actions.show')}
          aria-pressed={visible}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} size={20} />
        </button>
      }
    />
  );
}
