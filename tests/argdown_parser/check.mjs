// Parses Argdown from stdin with the Argdown tools' own parser (@argdown/core) and prints
// what it understood as JSON: errors, front matter, statements, arguments and relations.
import { readFileSync } from "node:fs";
import {
  ArgdownApplication,
  DataPlugin,
  IEquivalenceClass,
  ModelPlugin,
  ParserPlugin,
} from "@argdown/core";

const app = new ArgdownApplication();
app.addPlugin(new ParserPlugin(), "parse-input");
app.addPlugin(new DataPlugin(), "build-model");
app.addPlugin(new ModelPlugin(), "build-model");
const input = readFileSync(0, "utf8");
const response = app.run({ process: ["parse-input", "build-model"], input, throwExceptions: true });

const text = (member) => member.text;
const out = {
  lexerErrors: (response.lexerErrors || []).map((e) => e.message),
  parserErrors: (response.parserErrors || []).map((e) => e.message),
  frontMatter: response.frontMatter || null,
  statements: Object.fromEntries(
    Object.entries(response.statements || {}).map(([title, ec]) => [
      title,
      { text: IEquivalenceClass.getCanonicalMemberText(ec) ?? null, tags: ec.tags || [] },
    ]),
  ),
  arguments: Object.fromEntries(
    Object.entries(response.arguments || {}).map(([title, arg]) => [
      title,
      {
        pcs: (arg.pcs || []).map((s) => ({ role: s.role, title: s.title, text: text(s) })),
      },
    ]),
  ),
  relations: (response.relations || []).map((r) => ({
    from: r.from.title,
    to: r.to.title,
    type: r.relationType,
  })),
};
process.stdout.write(JSON.stringify(out));
