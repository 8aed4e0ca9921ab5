// Compiles each JSON Schema file named on the command line with Ajv
// (draft 2020-12) in strict mode, alone: no other schema is added, so a
// $ref that leaves the file fails. Prints one line per file and exits 1
// when any file does not compile. api/schema_strict_test.go runs it on
// docs/*.schema.json; install it with `npm ci --prefix .ci/openapi-lint`.
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

let failed = 0;
for (const file of process.argv.slice(2)) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  try {
    const schema = JSON.parse(readFileSync(file, "utf8"));
    ajv.compile(schema);
    console.log(`ok ${file}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${file}: ${e.message}`);
  }
}
process.exit(failed ? 1 : 0);
