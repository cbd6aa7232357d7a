import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Svg } from '../icons/Svg.tsx';
import classes from './Field.module.css';
import { Field } from './Field.tsx';
import { eyeGlyph, eyeOffGlyph } from './glyphs.ts';

/** A password field with a show / hide toggle (like Mantine's `PasswordInput`). */
export function PasswordField(props: Omit<ComponentProps<typeof Field>, 'type' | 'right'>) {
  const { t } = useTranslation('login');
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      className={classes.password}
      right={
        <button
          type="button"
          className={classes.toggle}
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('hide_password') : t('show_password')}
          aria-pressed={visible}
        >
          <Svg paths={visible ? eyeOffGlyph : eyeGlyph} size={18} />
        </button>
      }
    />
  );
}
