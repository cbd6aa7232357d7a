import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DictionaryValue } from '../../contract/dictionary.ts';
import { dictionaryButtonColor } from './buttonColor.ts';

export type DictButtonProps = Omit<ButtonProps, 'color'> & {
  /** The dictionary value (or button value such as `Create`) that picks the colour. */
  value: DictionaryValue;
  /** The item's own colour: wins over the mapping. */
  color?: string | null;
  onClick?: () => void;
  children: ReactNode;
};

/** A button coloured by a dictionary value (seed §4 button colour mapping). */
export function DictButton({ value, color, children, ...rest }: DictButtonProps) {
  const resolved = dictionaryButtonColor(value, color);
  return (
    <Button {...rest} color={resolved} data-color={resolved ?? 'primary'}>
      {children}
    </Button>
  );
}
