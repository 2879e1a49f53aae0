// swift-format-ignore-file
//
//  Stubs.swift
//  The app's library, stubbed with one book.
//

import SwiftUI

struct Book {
    let title: String
    let author: String
    let pagesRead: Int
    let pageCount: Int
    let coverColor: Color

    static let sample = Book(title: "The Swift Programming Language", author: "Apple", pagesRead: 212, pageCount: 540, coverColor: .indigo)
}

struct Library {
    var currentlyReading: Book { .sample }
    var lastSession: Date { Date().addingTimeInterval(-2 * 60 * 60) }
}
