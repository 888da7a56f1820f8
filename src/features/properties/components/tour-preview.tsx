import { playerUrl, type TourHost, type TourLink } from '@domain/tour-link';
import { AspectRatio, Text, UnstyledButton } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './tour-preview.module.css';

/** Brand names, the same in every language. */
const HOST_NAMES: Record<TourHost, string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  matterport: 'Matterport',
};

/**
 * A listing's tour as a poster with a play button; the host's player is framed only once pressed.
 * Until then the page asks nothing of the host: no player's scripts and storage, no thumbnail
 * (a request to the host from every view), only our own neutral poster with the host's name.
 */
export function TourPreview({ tour }: { tour: TourLink }) {
  const { t } = useTranslation('properties');
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLIFrameElement>(null);
  const labelId = useId();
  const noteId = useId();
  const host = HOST_NAMES[tour.host];

  // The button the broker pressed is gone: focus goes to what replaced it, not to the page's start.
  useEffect(() => {
    if (playing) player.current?.focus();
  }, [playing]);

  return (
    <AspectRatio ratio={16 / 9}>
      {playing ? (
        <iframe
          ref={player}
          src={playerUrl(tour)}
          title={t('view.tourTitle')}
          // The player needs its scripts and its own origin; it may not navigate this page.
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          allow="autoplay; fullscreen; picture-in-picture; xr-spatial-tracking"
          referrerPolicy="strict-origin-when-cross-origin"
          className={classes.player}
        />
      ) : (
        <UnstyledButton
          className={classes.poster}
          onClick={() => setPlaying(true)}
          aria-labelledby={labelId}
          aria-describedby={noteId}
        >
          <span className={classes.playIcon} aria-hidden="true">
            <IconPlayerPlayFilled size={28} />
          </span>
          <Text component="span" id={labelId} fw={600}>
            {t('view.tourPreview.play', { host })}
          </Text>
          <Text component="span" id={noteId} size="sm" c="dimmed">
            {t('view.tourPreview.note', { host })}
          </Text>
        </UnstyledButton>
      )}
    </AspectRatio>
  );
}
