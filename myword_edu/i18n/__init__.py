"""Every string a student or a teacher reads, in English and Spanish."""
