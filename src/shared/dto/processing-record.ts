/**
 * The record of processing (LGPD art. 37) as Configurações › Privacidade
 * shows it: the facts of this computer the plain text needs (where the data
 * lives, whether a Torpedo Server holds a copy) and the channel the shop's
 * customers use to reach the person in charge of their data (art. 41).
 */

/** Who answers the shop's customers about their data (the "encarregado"), as the owner wrote it. */
export interface PrivacyContactView {
  /** The shop's name, as its privacy notice names it. */
  shopName: string | null;
  /** The person in charge ("encarregado"); null: the owner. */
  officerName: string | null;
  email: string | null;
  phone: string | null;
}

export interface ProcessingRecordView {
  /** This computer's data folder, where torpedo.db and its backups live. */
  dataFolder: string;
  /** This profile is connected to a Torpedo Server, which keeps replies, delivery reports and clicks too. */
  serverConnected: boolean;
  /** Null until the owner fills it. */
  contact: PrivacyContactView | null;
}
