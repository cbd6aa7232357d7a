import { Button, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './Pages.module.css';

type NotFoundViewProps = {
  /** Where "home" is; a link so it also works with a modified click. */
  homeHref: string;
  onHome: () => void;
};

/** 404: the page does not exist, with a way back to the console. */
export function NotFoundView({ homeHref, onHome }: NotFoundViewProps) {
  const { t } = useTranslation('pages');
  return (
    <div className={classes.center}>
      <div className={classes.code} aria-hidden="true">
        404
      </div>
      <Title order={2}>{t('not_found.title')}</Title>
      <Text c="dimmed" mt="xs" mb="xl">
        {t('not_found.description')}
      </Text>
      <Button
        component="a"
        href={homeHref}
        onClick={(event) => {
          event.preventDefault();
          onHome();
        }}
      >
        {t('not_found.home')}
      </Button>
    </div>
  );
}
