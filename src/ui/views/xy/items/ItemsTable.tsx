import { Anchor, Badge, Group, Image, Table, Text, Tooltip } from '@mantine/core';
import { memo, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemRow } from '../../../../contract/items.ts';
import { useCrudEnv } from '../../../crud/env.tsx';
import { relativeTime } from './time.ts';

/** A listing's image that cannot load (gone, offline, refused) shows as a neutral tile, not a broken icon. */
const NO_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#868e96" fill-opacity="0.18"/></svg>',
)}`;

type Props = {
  rows: ItemRow[];
  loading: boolean;
  /** The scrolling box (the live chart scrolls it up and hears where it is). */
  scrollRef: RefObject<HTMLDivElement | null>;
  onScroll(atTop: boolean): void;
  actions(row: ItemRow): ReactNode;
};

const STICKY = { position: 'sticky', right: 0, background: 'var(--mantine-color-body)' } as const;
const HEAD = { position: 'sticky', top: 0, zIndex: 1, background: 'var(--mantine-color-body)' } as const;
/** How close to the top counts as "at the top" (px). */
const TOP_SLACK = 8;

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/**
 * The live table: thumbnail, title linking to the listing (new tab), price, seller (blacklisted marked),
 * task, region when the rows have one, first / last seen as relative times (exact on hover). It scrolls in
 * its own box so the live chart knows whether the operator is at the top.
 */
export const ItemsTable = memo(function ItemsTable({ rows, loading, scrollRef, onScroll, actions }: Props) {
  const { t, i18n } = useTranslation('items');
  const { fileUrl = (url: string) => url } = useCrudEnv();
  const now = Date.now();
  const region = rows.some((r) => text(r.region) || text(r.location));
  const when = (value: unknown) => {
    const v = text(value);
    if (!v) return t('no_value');
    return (
      <Tooltip label={v} openDelay={300}>
        <span>{relativeTime(v, now, i18n.language, t('time.just_now'))}</span>
      </Tooltip>
    );
  };
  const columns = 7 + (region ? 1 : 0);
  return (
    <div
      ref={scrollRef}
      data-testid="items-scroll"
      style={{ maxHeight: 'calc(100vh - 330px)', minHeight: 240, overflow: 'auto' }}
      onScroll={(e) => onScroll(e.currentTarget.scrollTop <= TOP_SLACK)}
    >
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" miw={900} data-testid="items-table">
        <Table.Thead style={HEAD}>
          <Table.Tr>
            <Table.Th w={56}>{t('field.image')}</Table.Th>
            <Table.Th>{t('field.title')}</Table.Th>
            <Table.Th w={110}>{t('field.price')}</Table.Th>
            <Table.Th w={150}>{t('field.seller')}</Table.Th>
            <Table.Th w={140}>{t('field.task')}</Table.Th>
            {region && <Table.Th w={100}>{t('field.region')}</Table.Th>}
            <Table.Th w={110}>{t('field.first_seen')}</Table.Th>
            <Table.Th w={110}>{t('field.last_seen')}</Table.Th>
            <Table.Th style={STICKY} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length ? (
            rows.map((row) => (
              <Table.Tr key={String(row.id)} data-row={String(row.id)} data-testid="items-row">
                <Table.Td>
                  {text(row.image) ? (
                    <Image
                      src={fileUrl(row.image as string)}
                      fallbackSrc={NO_IMAGE}
                      loading="lazy"
                      w={40}
                      h={40}
                      radius="sm"
                      fit="cover"
                      alt=""
                    />
                  ) : null}
                </Table.Td>
                <Table.Td style={{ maxWidth: 360, whiteSpace: 'normal' }}>
                  {text(row.url) ? (
                    <Anchor
                      href={row.url as string}
                      target="_blank"
                      rel="noopener noreferrer"
                      fz="sm"
                      data-testid="items-title"
                    >
                      {row.title}
                    </Anchor>
                  ) : (
                    <span data-testid="items-title">{row.title}</span>
                  )}
                </Table.Td>
                <Table.Td data-testid="items-price" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {row.price == null ? t('no_value') : t('price_value', { value: row.price.toFixed(2) })}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <span>{row.seller ?? t('no_value')}</span>
                    {row.seller_blacklisted && (
                      <Tooltip label={t('blacklisted_hint')}>
                        <Badge size="xs" color="red" variant="light" data-testid="items-blacklisted">
                          {t('blacklisted')}
                        </Badge>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{row.task_name ?? t('no_value')}</Table.Td>
                {region && <Table.Td>{text(row.region) ?? text(row.location) ?? t('no_value')}</Table.Td>}
                <Table.Td>{when(row.first_seen ?? row.create_datetime)}</Table.Td>
                <Table.Td>{when(row.last_seen)}</Table.Td>
                <Table.Td style={STICKY}>{actions(row)}</Table.Td>
              </Table.Tr>
            ))
          ) : (
            <Table.Tr>
              <Table.Td colSpan={columns + 1}>
                <Text c="dimmed" ta="center" fz="sm" py="md">
                  {loading ? t('crud:loading') : t('crud:empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
});
