import { Button, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './Pages.module.css';

/** 403: a console page the user may not open; 404: no such page. */
export type ErrorCode = 403 | 404;

const TEXTS: Record<ErrorCode, string> = { 403: 'forbidden', 404: 'not_found' };

type ErrorViewProps = {
  code: ErrorCode;
  /** Where "home" is; a link so it also works with a modified click. */
  homeHref: string;
  onHome: () => void;
};

/** An error page inside the layout: the code, what happened, and a way back to the console. */
export function ErrorView({ code, homeHref, onHome }: ErrorViewProps) {
  const { t } = useTranslation('pages');
  const texts = TEXTS[code];
  return (
    <div className={classes.center} data-testid={`error-page-${code}`}>
      <div className={classes.code} aria-hidden="true">
        {code}
      </div>
      <Title order={2}>{t(`${texts}.title`)}</Title>
      <Text c="dimmed" mt="xs" mb="xl">
        {t(`${texts}.description`)}
      </Text>
      <Button
        component="a"
        href={homeHref}
        onClick={(event) => {
          event.preventDefault();
          onHome();
        }}
      >
        {t(`${texts}.home`)}
      </Button>
    </div>
  );
}
