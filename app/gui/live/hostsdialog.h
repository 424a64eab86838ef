#pragma once

#include "hosts.h"

#include <QDialog>
#include <QJsonObject>
#include <QPointer>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class WorkerClient;

// Hosts: add, edit, remove and test the hosts kernels can run on (a name and the command that
// starts rooflab-cli worker there). "This computer" is always first and cannot be edited. Test
// starts the worker through the command and says what answered ("connected: 2 × NVIDIA H200,
// driver 580.159, RoofLab 0.1.0, protocol 2") or the one-line reason it did not. OK stores the
// list in the settings; passwords are never asked for or stored (ssh runs with BatchMode).
class HostsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit HostsDialog(QWidget *parent = nullptr);
    ~HostsDialog() override;

    QList<Host> hosts() const { return m_hosts; }
    void setHosts(const QList<Host> &hosts);
    // Adds a host (checked like the editor checks it); false with problem() set when refused.
    bool addHost(const Host &host);
    void selectHost(int row);
    // Tests the selected host; the answer arrives in testResult() (testFinished()).
    void testSelected();
    QString testResult() const;
    QString problem() const;
    bool isTesting() const { return !m_test.isNull(); }
    // "connected: 2 × NVIDIA H200, driver 580.159.04, RoofLab 0.1.0, protocol 2"
    static QString describeHello(const QJsonObject &hello);

    void accept() override;

signals:
    void testFinished(bool ok, const QString &text);

private:
    void fillList();
    void onRowChanged(int row);
    void applyEdit();
    void showResult(const QString &text, bool ok);

    QList<Host> m_hosts;
    QListWidget *m_list;
    QLineEdit *m_name;
    QLineEdit *m_command;
    QPushButton *m_add;
    QPushButton *m_remove;
    QPushButton *m_testButton;
    QLabel *m_result;
    QLabel *m_problem;
    QPointer<WorkerClient> m_test;
};
