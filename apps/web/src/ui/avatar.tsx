import styles from './avatar.module.css';
import { Tooltip } from './tooltip';

/**
 * A user's photo, or the generated default the server provides in photo_url. With `preview`,
 * hovering shows a larger photo with the name and email.
 */
export function Avatar({
  src,
  name,
  size = 32,
  preview,
}: {
  src: string;
  name: string;
  size?: number;
  preview?: { email?: string };
}) {
  const image = <img className={styles.avatar} src={src} alt={name} width={size} height={size} />;
  if (!preview) return image;
  return (
    <Tooltip
      custom
      content={
        <span className={styles.preview}>
          <img className={styles.avatar} src={src} alt="" width={72} height={72} />
          <span>
            <strong>{name}</strong>
            {preview.email && <span className={styles.email}>{preview.email}</span>}
          </span>
        </span>
      }
    >
      <span className={styles.trigger}>{image}</span>
    </Tooltip>
  );
}
