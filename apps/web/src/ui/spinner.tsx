import styles from './spinner.module.css';

export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  const circle = (
    <span className={styles.spinner} style={{ inlineSize: size, blockSize: size }} aria-hidden="true" />
  );
  if (!label) return circle;
  return (
    <output aria-label={label} aria-live="polite">
      {circle}
    </output>
  );
}

export function PageSpinner({ label }: { label: string }) {
  return (
    <div className={styles.page}>
      <Spinner size={28} label={label} />
    </div>
  );
}
