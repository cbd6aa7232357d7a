import type { MantineColor } from '@mantine/core';
import { type DictionaryValue, dictionaryColor } from '../../contract/dictionary.ts';

/** Element's button types (seed §4) on Mantine colours; `primary` is the theme's primary colour. */
const ELEMENT_TO_MANTINE: Record<string, MantineColor | undefined> = {
  success: 'green',
  danger: 'red',
  warning: 'orange',
  primary: undefined,
  info: 'gray',
};

const isElementType = (name: string) => Object.hasOwn(ELEMENT_TO_MANTINE, name);

/**
 * The Mantine colour of a dictionary value's button (seed §4): 1/true success, 0/false danger, Search
 * warning, Update primary, Create success, Retrieve info, Delete danger. An explicit colour wins (an
 * element type name is mapped too, anything else is used as given). undefined = the primary colour.
 */
export function dictionaryButtonColor(
  value: DictionaryValue,
  explicit?: string | null,
): MantineColor | undefined {
  const named = dictionaryColor(value, explicit);
  if (!named) return undefined;
  return isElementType(named) ? ELEMENT_TO_MANTINE[named] : named;
}
