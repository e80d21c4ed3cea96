// Writes docs/formula-functions.md from the formula function catalog of packages/domain
// (`npx tsx scripts/formula-doc.ts`). The domain's formula-catalog test fails while the file on
// disk differs from what this writes.
import { writeFileSync } from 'node:fs';
import { renderFormulaDoc } from '../packages/domain/src/attributes/formula/formula-doc';

writeFileSync(new URL('../docs/formula-functions.md', import.meta.url), renderFormulaDoc());
