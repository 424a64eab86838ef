#pragma once

#include <QDialog>
#include <QString>

class QMainWindow;
class QTableWidget;
class QTextBrowser;

// The Help menu's windows: the user guide, the keyboard shortcuts, About.
namespace help {

// "RoofLab 0.1.0, built from abc1234, MIT License ...": what About says, as rich text.
QString aboutText();
void showAbout(QWidget *parent);

} // namespace help

// docs/USER_GUIDE.md, rendered from its Markdown with its screenshots beside it (installed to
// share/doc/rooflab, or the source tree's docs/): the guide the program came with, with no
// browser or network needed in a classroom.
class GuideDialog : public QDialog
{
    Q_OBJECT

public:
    explicit GuideDialog(QWidget *parent = nullptr);
    // The file shown; empty when no guide was found (the dialog then says where it looked).
    QString file() const { return m_file; }
    QTextBrowser *browser() const { return m_browser; }

private:
    void fitImages(const QString &dir);

    QTextBrowser *m_browser = nullptr;
    QString m_file;
};

// Every keyboard shortcut the window answers to, read from its actions and shortcuts when the
// dialog opens, so the list cannot fall behind the menus.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ShortcutsDialog(QMainWindow *window, QWidget *parent = nullptr);

    struct Row
    {
        QString what;  // the action's text, without its mnemonic
        QString keys;  // in the platform's native form, several joined by ", "
        QString where; // the menu that holds it, else "anywhere in the window"
    };
    // The rows the table shows, sorted by where, then what.
    static QList<Row> collect(QMainWindow *window);
    QTableWidget *table() const { return m_table; }

private:
    QTableWidget *m_table = nullptr;
};
