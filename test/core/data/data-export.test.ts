import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { demoService } from '../../../src/sandbox/index';
import type { Result } from '@shared/app-error';
import { createRecordingHost, type RecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';

const cores: Core[] = [];
afterEach(async () => {
  while (cores.length) await cores.pop()!.close();
});

function ok<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

async function shop(language: string): Promise<{ core: Core; host: RecordingHost }> {
  const host = createRecordingHost(language);
  const core = await createCore({
    demo: demoService,
    dataDir: tempDir(),
    host,
    secretStore: createMemorySecretStore(),
    demoWhenSignedOut: true,
  });
  cores.push(core);
  const vip = ok(await core.dispatch('lists:create', { name: 'VIP' }));
  const all = ok(await core.dispatch('lists:create', { name: 'Todos' }));
  ok(
    await core.dispatch('contacts:create', {
      name: 'Maria Souza',
      phone: '(11) 98765-4321',
      email: 'maria@exemplo.com.br',
      fields: { cidade: 'São Paulo' },
      listIds: [vip.id, all.id],
      consent: { basis: 'consent', source: 'ficha da loja', at: '2026-03-02' },
    }),
  );
  ok(
    await core.dispatch('contacts:create', {
      name: '=HYPERLINK("x")',
      phone: '21 99999-8888',
      listIds: [all.id],
    }),
  );
  const gone = ok(await core.dispatch('contacts:create', { name: 'Apagado', phone: '31 98888-7777' }));
  ok(await core.dispatch('contacts:delete', { ids: [gone.id] }));
  ok(await core.dispatch('optOuts:add', { phones: ['11 91234-5678'], note: 'pediu por WhatsApp' }));
  const draft = ok(await core.dispatch('campaigns:create', { name: 'Sábado' }));
  ok(await core.dispatch('campaigns:saveDraft', { id: draft.id, template: 'Oi {{nome}}, promoção!' }));
  return { core, host };
}

/** The ZIP the user saved, as file name → text (BOM removed). */
function unzipped(host: RecordingHost): Record<string, string> {
  const [file] = host.savedBinaryFiles;
  const entries = unzipSync(file!.bytes);
  return Object.fromEntries(
    Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes).replace(/^\uFEFF/, '')]),
  );
}

/** Each file's first line: its column headings. */
const headings = (files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).map(([name, text]) => [name, text.split('\r\n')[0]]));

describe('Exportar meus dados', () => {
  it('saves one ZIP of CSV files, in Portuguese, with every contact, list, opt-out and campaign', async () => {
    const { core, host } = await shop('pt-BR');
    const result = ok(await core.dispatch('data:export', {}));

    expect(result).toMatchObject({
      saved: true,
      counts: { contacts: 2, lists: 2, optOuts: 1, campaigns: 1, sends: 0, sendNumbers: 0 },
    });
    expect(result.fileName).toMatch(/^torpedo-meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(host.savedBinaryFiles[0]!.kind).toBe('zip');
    const files = unzipped(host);
    expect(Object.keys(files).sort()).toEqual([
      'campanhas.csv',
      'contatos.csv',
      'descadastros.csv',
      'envios-numeros.csv',
      'envios.csv',
      'listas.csv',
    ]);
    const contacts = files['contatos.csv']!.split('\r\n');
    expect(contacts[0]).toBe(
      'Nome,Telefone,E-mail,Listas,Criado em (UTC),Alterado em (UTC),Base legal (LGPD),Origem do consentimento,Data do consentimento,Fuso horário,cidade',
    );
    // A deleted contact is not exported; a name that looks like a formula cannot run as one.
    expect(contacts.filter(Boolean)).toHaveLength(3);
    expect(files['contatos.csv']).toContain(`"'=HYPERLINK(""x"")",+5521999998888,,Todos,`);
    expect(files['contatos.csv']).toMatch(
      /Maria Souza,\+5511987654321,maria@exemplo\.com\.br,"?(Todos; VIP|VIP; Todos)"?,.*,consent,ficha da loja,2026-03-02,,São Paulo\r\n/,
    );
    expect(files['listas.csv']).toContain('Nome,Contatos,Criado em (UTC)');
    expect(files['listas.csv']).toMatch(/Todos,2,/);
    expect(files['descadastros.csv']).toMatch(/\+5511912345678,.*,manual,pediu por WhatsApp/);
    expect(files['campanhas.csv']).toMatch(/Sábado,draft,"Oi \{\{nome\}\}, promoção!"/);
    expect(headings(files)).toEqual({
      'campanhas.csv':
        'Nome,Situação,Mensagem,Destinatários,Mensagens,Partes de SMS,Custo,Criado em (UTC),Enviada em (UTC),Concluída em (UTC),Envios',
      'contatos.csv':
        'Nome,Telefone,E-mail,Listas,Criado em (UTC),Alterado em (UTC),Base legal (LGPD),Origem do consentimento,Data do consentimento,Fuso horário,cidade',
      'descadastros.csv': 'Telefone,Criado em (UTC),Origem,Observação',
      'envios-numeros.csv': 'Envio,Telefone,Situação,Resultado,Código',
      'envios.csv':
        'Envio,Número,Criado em (UTC),Agendado para (UTC),Quantidade,Situação,Tipo,Partes de SMS,Custo,Entregues,Falhas,Em andamento',
      'listas.csv': 'Nome,Contatos,Criado em (UTC)',
    });
  });

  it('names the files and headings in English for an English user', async () => {
    const { core, host } = await shop('en-US');
    expect(ok(await core.dispatch('data:export', {})).fileName).toMatch(/^torpedo-my-data-/);
    const files = unzipped(host);
    expect(Object.keys(files).sort()).toEqual([
      'campaigns.csv',
      'contacts.csv',
      'lists.csv',
      'opt-outs.csv',
      'send-numbers.csv',
      'sends.csv',
    ]);
    expect(files['contacts.csv']!.split('\r\n')[0]).toBe(
      'Name,Phone,Email,Lists,Created (UTC),Changed (UTC),Legal basis (LGPD),Consent source,Consent date,Time zone,cidade',
    );
    expect(headings(files)['sends.csv']).toBe(
      'Send,Number,Created (UTC),Scheduled (UTC),Quantity,Status,Type,SMS parts,Cost,Delivered,Failed,In progress',
    );
  });

  it('saves nothing when the user cancels, and says plainly when the file could not be written', async () => {
    const { core, host } = await shop('pt-BR');
    host.saveAnswer = 'cancel';
    expect(ok(await core.dispatch('data:export', {}))).toMatchObject({ saved: false });
    host.saveAnswer = 'fail';
    const failed = await core.dispatch('data:export', {});
    expect(failed.ok ? null : failed.error).toMatchObject({
      code: 'file_not_saved',
      details: { reason: 'EACCES' },
    });
  });
});
