# language: fr
Fonctionnalité: Panier
  Contexte:
    Soit un panier vide

  Plan du scénario: ajouter <n>
    Quand j'ajoute <n> articles
    Alors le panier contient <n> articles
    Et c'est bon
    Mais pas trop

    Exemples:
      | n |
      | 1 |
