import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import TextField from '@renderer/components/TextField.vue';
import { byTestId, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

/** A form holding one field, as a view does: the value and the problem live in the form. */
async function mountField(props: Record<string, unknown> = {}, slots: Record<string, () => unknown> = {}) {
  const value = ref('');
  const problem = ref<string | null>(null);
  const blurs = ref(0);
  const Form = defineComponent({
    setup: () => () =>
      h(
        TextField,
        {
          id: 'city-input',
          label: 'Cidade',
          hint: 'Como no endereço de entrega.',
          testid: 'city',
          value: value.value,
          'onUpdate:value': (next: string) => (value.value = next),
          problem: problem.value,
          onBlur: () => blurs.value++,
          ...props,
        },
        slots,
      ),
  });
  mount(Form, { attachTo: document.body });
  await flushPromises();
  return { value, problem, blurs };
}

const input = () => document.getElementById('city-input') as HTMLInputElement;
const helpOf = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby')!)!;

async function type(text: string): Promise<void> {
  input().value = text;
  input().dispatchEvent(new Event('input', { bubbles: true }));
  await flushPromises();
}

describe('TextField', () => {
  it('ties its label to the input and hands what is typed to the form', async () => {
    const { value } = await mountField();

    const label = document.querySelector('label[for="city-input"]')!;
    expect(squash(label.textContent)).toBe('Cidade');
    expect(input().tagName).toBe('INPUT');
    expect(byTestId('city').contains(input())).toBe(true);
    expect(input().getAttribute('autocomplete')).toBe('off');

    await type('Recife');
    expect(value.value).toBe('Recife');
  });

  it('describes the input with the hint until there is a problem, which then replaces it', async () => {
    const { problem } = await mountField();
    const help = helpOf(input());

    expect(help.id).toBe('city-input-help');
    expect(help.getAttribute('aria-live')).toBe('polite');
    expect(squash(help.textContent)).toBe('Como no endereço de entrega.');
    expect(input().getAttribute('aria-invalid')).toBe('false');
    expect(queryTestId('city-error')).toBeNull();

    problem.value = 'Digite a cidade.';
    await flushPromises();
    expect(squash(help.textContent)).toBe('Digite a cidade.');
    expect(squash(byTestId('city-error').textContent)).toBe('Digite a cidade.');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('city').classList).toContain('n-input--error-status');

    problem.value = null;
    await flushPromises();
    expect(squash(help.textContent)).toBe('Como no endereço de entrega.');
    expect(input().getAttribute('aria-invalid')).toBe('false');
    expect(byTestId('city').classList).not.toContain('n-input--error-status');
  });

  it('takes a hint with markup from its slot, and a help id the form already uses', async () => {
    await mountField({ helpId: 'city-help' }, { hint: () => h('strong', 'Só a cidade.') });

    const help = helpOf(input());
    expect(help.id).toBe('city-help');
    expect(help.querySelector('strong')?.textContent).toBe('Só a cidade.');
  });

  it('puts email and url on the native input, and grows a textarea', async () => {
    await mountField({ type: 'url', inputmode: 'url', spellcheck: false });
    expect(input().type).toBe('url');
    expect(input().getAttribute('inputmode')).toBe('url');
    expect(input().getAttribute('spellcheck')).toBe('false');
  });

  it('is a textarea when asked, still labelled and described', async () => {
    await mountField({ type: 'textarea', rows: { minRows: 3, maxRows: 6 } });
    expect(input().tagName).toBe('TEXTAREA');
    expect(squash(helpOf(input()).textContent)).toBe('Como no endereço de entrega.');
  });

  it('tells the form when the input is left, and shows a prefix and buttons beside the input', async () => {
    const { blurs } = await mountField(
      {},
      { prefix: () => 'R$', actions: () => h('button', { 'data-testid': 'city-save' }, 'Salvar') },
    );

    expect(squash(byTestId('city').textContent)).toContain('R$');
    expect(byTestId('city-save').parentElement).toBe(byTestId('city').parentElement);

    input().dispatchEvent(new FocusEvent('focus'));
    input().dispatchEvent(new FocusEvent('blur'));
    await flushPromises();
    expect(blurs.value).toBe(1);
  });
});
