export const vetTypeDefs = /* GraphQL */ `
  "A report shared with a vet by e-mail (spec 2 §7 shareResultsWithVet)."
  type VetReportShare {
    "Id of the share; revokeVetReportShare takes it."
    id: ID!
    "The vet's name as the owner typed it."
    vetName: String!
    "Where the report link went."
    vetEmail: String!
    "When it was shared (ISO 8601)."
    sentAt: String!
    "When the owner revoked it (ISO 8601); its link no longer opens the report."
    revokedAt: String
    "The practice the share made the dog a patient of, when the e-mail belongs to one of its vets."
    practiceName: String
  }

  extend type Pet {
    "The vet reports this dog's owners shared, newest first (empty for anyone but an owner)."
    vetReportShares: [VetReportShare!]!
  }

  "A person working at a practice."
  type PracticeUser {
    id: ID!
    name: String!
    email: String!
    "The person is a doctor of veterinary medicine."
    isDVM: Boolean!
  }

  "One of the seven onboarding checklist items (spec 2 §3) and the practice's status of it."
  type OnboardingChecklistItem {
    "Key: place_first_order, test_first_patient, receive_first_results, assign_staff_champion, talk_about_genetic_testing, learn_to_use_dashboard or connect_with_success_manager."
    key: String!
    label: String!
    "not_started, in_progress, completed or skipped."
    status: String!
    "When it was completed (ISO 8601)."
    completedAt: String
  }

  "A vet practice (spec 2 §3 Practice)."
  type Practice {
    practiceId: Int!
    name: String!
    "When the practice joined (ISO 8601)."
    createdAt: String!
    practiceUsers: [PracticeUser!]!
    "Kits the practice ordered."
    swabsOrderedCount: Int!
    "Swabs of the practice's kits that were activated."
    petActivationCount: Int!
    "Patients on the dashboard."
    practicePetCount: Int!
    onboardingChecklist: [OnboardingChecklistItem!]!
  }

  type OnboardingProgress {
    completed: Int!
    total: Int!
  }

  "The practice dashboard's header (spec 2 §7 VetDashboardInfo)."
  type VetDashboardInfo {
    practice: Practice!
    checklistProgress: OnboardingProgress!
    "Patients released to their client and not yet taken over."
    transfersRequested: Int!
    "Patients their client took over."
    transfersCompleted: Int!
    "Patients whose case is not completed."
    openCases: Int!
  }

  "The requested and completed dates of a client transfer (ISO 8601)."
  type VetClientTransfer {
    requestedAt: String
    completedAt: String
  }

  "A case note of a patient."
  type PatientNote {
    id: ID!
    body: String!
    authorName: String
    createdAt: String!
    updatedAt: String!
  }

  "A patient of the practice (spec 2 §3 vetPracticeInfo)."
  type PracticePet {
    "Id of the patient record; the vet mutations take it as patientId."
    id: ID!
    petNum: Int!
    name: String!
    sex: String
    clientName: String
    clientEmail: String
    clientPhone: String
    patientEMRId: String
    caseCompleted: Boolean!
    "No kit yet, Kit activated, In the lab or Results ready; No longer shared once the client stopped sharing the dog."
    resultsStatus: String!
    "The practice registered the dog and no client owns it yet: updatePatient and releasePetToClient apply."
    isEditableByPractice: Boolean!
    "The practice registered the dog (addNewPatient); otherwise a client shared it."
    addedByPractice: Boolean!
    "False once the client revoked their last share with the practice: the record and its case notes stay, read-only; the dog's results and report are no longer the practice's to see."
    isShared: Boolean!
    "When the client stopped sharing the dog (ISO 8601); null while it is shared."
    unsharedAt: String
    notesCount: Int!
    vetClientTransfer: VetClientTransfer!
    "The practice's case notes, newest first; kept when the client stops sharing the dog."
    patientNotes: [PatientNote!]!
    "The patient's printable vet report (PDF) for the practice's vets; null once the client stopped sharing the dog."
    reportUrl: String
    "Who at the practice ordered the patient's swab, and whether they are a DVM; null when no one at the practice did."
    swabOrderedBy: SwabOrderer
    "The patient came to the practice through the vet affiliate program."
    isVetAffiliate: Boolean!
  }

  "A practice user who ordered a swab (spec 1 §6: the orderer of swabs records whether they are a DVM)."
  type SwabOrderer {
    "The practice user's name as it was when the swab was ordered."
    name: String!
    "Whether they are a DVM; null when it was not recorded."
    isDVM: Boolean
  }

  "A page of ListPracticePets."
  type PracticePetList {
    "Patients matching the search, on every page."
    total: Int!
    pets: [PracticePet!]!
  }

  "A patient as the practice registers it."
  input PatientInput {
    name: String!
    "m or f."
    sex: String
    clientName: String
    clientEmail: String
    clientPhone: String
    patientEmrId: String
  }

  extend type Query {
    "The signed-in vet's practice, its counts and onboarding checklist (Not Authorized for anyone else)."
    vetDashboardInfo: VetDashboardInfo
    "The practice's patients by name, client, client e-mail or EMR id; limit 1–100 (default 10)."
    listPracticePets(search: String, limit: Int, offset: Int): PracticePetList!
  }

  extend type Mutation {
    "E-mails the vet a link to the dog's vet report; the owner of the dog only. A vet account's practice gets the dog as a read-only patient."
    shareResultsWithVet(petUuid: ID!, vetName: String!, vetEmail: String!): VetReportShare!
    "Stops a share's link from working; answers the dog's shares."
    revokeVetReportShare(petUuid: ID!, shareId: ID!): [VetReportShare!]!
    "Replaces the dog's own report link (hashPetId); answers the new report path."
    resetVetReportLink(petUuid: ID!): String!
    "Registers a patient before its client has an account."
    addNewPatient(patient: PatientInput!): PracticePet!
    "Changes a patient the practice registered and no client owns yet."
    updatePatient(patientId: ID!, patient: PatientInput!): PracticePet!
    "Invites the client by e-mail to take the patient over (the client transfer)."
    releasePetToClient(patientId: ID!): PracticePet!
    "Completes or reopens the case; adds a note, or edits the note patientNoteId."
    updatePatientCase(patientId: ID!, caseCompleted: Boolean, patientNote: String, patientNoteId: ID): PracticePet!
    deletePatientNote(patientNoteId: ID!): Boolean!
    "Sets an onboarding checklist item to not_started, in_progress, completed or skipped."
    updatePracticeOnboardingChecklistStatus(itemKey: String!, status: String!): VetDashboardInfo!
  }
`;
