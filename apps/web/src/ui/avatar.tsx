import styles from './avatar.module.css';

/** A user's photo, or the generated default the server provides in photo_url. */
export function Avatar({ src, name, size = 32 }: { src: string; name: string; size?: number }) {
  return <img className={styles.avatar} src={src} alt={name} width={size} height={size} />;
}
