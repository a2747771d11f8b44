/**
 * The gallery's messages for shops and services: loja de roupa, restaurante
 * e delivery, academia, mercado, serviços. Each must fit one SMS with a
 * 20-character business name and the stop line (test/shared/gallery holds
 * every one to it).
 */
import { writtenFor, type WrittenMessage } from './gallery-message';

const roupa = writtenFor('loja-de-roupa');
const restaurante = writtenFor('restaurante-e-delivery');
const academia = writtenFor('academia');
const mercado = writtenFor('mercado');
const servicos = writtenFor('servicos');

export const SHOP_MESSAGES: readonly WrittenMessage[] = [
  roupa(
    'promocao',
    '10:00',
    'todos',
    'Oi {{primeiro_nome|}}! Chegou coleção nova e esta semana tem 20% de desconto em modelos selecionados. Vem ver!',
    'Hi {{first_name|}}! Our new collection is in, and this week selected pieces are 20% off. Come and see!',
  ),
  roupa(
    'aniversario',
    '09:00',
    'aniversariantes',
    'Parabéns, {{primeiro_nome|}}! Seu presente: 10% de desconto em qualquer compra até o fim do mês. Te esperamos!',
    'Happy birthday, {{first_name|}}! Our gift: 10% off any purchase until the end of the month. See you soon!',
  ),
  roupa(
    'cliente-sumido',
    '10:00',
    'sumidos-60d',
    'Oi {{primeiro_nome|}}! Faz tempo que você não passa aqui. Separamos novidades do seu estilo. Vem dar uma olhada!',
    'Hi {{first_name|}}! We have not seen you in a while. We set aside new things in your style. Come and look!',
  ),
  restaurante(
    'promocao',
    '11:00',
    'todos',
    'Oi {{primeiro_nome|}}! Hoje no almoço a entrega é grátis. Para pedir, é só responder esta mensagem.',
    'Hi {{first_name|}}! Free delivery for lunch today. Order by replying to this message.',
  ),
  restaurante(
    'reativacao',
    '11:00',
    'inativos-180d',
    'Oi {{primeiro_nome|}}, que saudade! Pedindo esta semana, a sobremesa é por nossa conta. É só responder.',
    'Hi {{first_name|}}, we miss you! Order this week and dessert is on us. Just reply to this message.',
  ),
  restaurante(
    'pos-venda',
    '12:00',
    'compraram-7d',
    'Oi {{primeiro_nome|}}! Obrigado pelo pedido. Como estava a comida? Sua opinião ajuda a gente a melhorar.',
    'Hi {{first_name|}}! Thank you for your order. How was the food? Your opinion helps us get better.',
  ),
  academia(
    'boas-vindas',
    '09:00',
    'novos',
    'Boas-vindas, {{primeiro_nome|}}! Que bom ter você na academia. Dúvida sobre horários ou treino? É só responder.',
    'Welcome, {{first_name|}}! Great to have you at the gym. Questions about hours or training? Just reply.',
  ),
  academia(
    'cliente-sumido',
    '09:00',
    'sumidos-60d',
    'Oi {{primeiro_nome|}}! Sentimos sua falta nos treinos. Volte esta semana que o professor monta um treino novo.',
    'Hi {{first_name|}}! We miss you at training. Come back this week and your coach will set you a new plan.',
  ),
  academia(
    'reativacao',
    '09:00',
    'inativos-180d',
    'Oi {{primeiro_nome|}}! Que tal voltar a treinar? Este mês a rematrícula é sem taxa. Responda e saiba mais.',
    'Hi {{first_name|}}! How about training again? This month you can rejoin with no fee. Reply to know more.',
  ),
  mercado(
    'promocao',
    '09:00',
    'todos',
    'Oi {{primeiro_nome|}}! Sábado tem ofertas de hortifrúti e carnes aqui no mercado. Aproveite!',
    'Hi {{first_name|}}! On Saturday fruit, vegetables and meat are on offer at the store. Enjoy!',
  ),
  mercado(
    'boas-vindas',
    '10:00',
    'novos',
    'Oi {{primeiro_nome|}}, obrigado por se cadastrar! Toda semana você recebe aqui nossas melhores ofertas.',
    'Hi {{first_name|}}, thanks for signing up! Every week you will get our best offers here.',
  ),
  servicos(
    'lembrete-de-horario',
    '09:00',
    'horario-amanha',
    'Oi {{primeiro_nome|}}! Lembrete: nossa visita está marcada para amanhã. Precisa mudar o horário? É só responder.',
    'Hi {{first_name|}}! A reminder: our visit is booked for tomorrow. Need another time? Just reply.',
  ),
  servicos(
    'pos-venda',
    '10:00',
    'compraram-7d',
    'Oi {{primeiro_nome|}}! O serviço ficou do seu jeito? Qualquer ajuste, é só responder. Obrigado pela confiança!',
    'Hi {{first_name|}}! Was the job done the way you wanted? For any touch-up, just reply. Thanks for trusting us!',
  ),
  servicos(
    'promocao',
    '10:00',
    'todos',
    'Oi {{primeiro_nome|}}! Este mês o orçamento é grátis e quem fechar ganha 10% de desconto. Responda e agende.',
    'Hi {{first_name|}}! This month quotes are free, and jobs booked get 10% off. Reply to book yours.',
  ),
];
